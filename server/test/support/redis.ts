import { connect, createServer, type Server, type Socket } from 'node:net';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the test Redis accepts a TCP connection (its tests skip visibly when it does not). */
export async function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(TEST_REDIS_URL);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 2000 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** A Redis key prefix of its own for a test database, so parallel runs never hear each other. */
export const redisPrefixFor = (sqlDsn: string, sqlitePath = ''): string =>
  `rgtest:${(sqlDsn ? new URL(sqlDsn).pathname.slice(1) : sqlitePath).replace(/[^A-Za-z0-9_.-]/g, '_')}:`;

/**
 * A TCP proxy on 127.0.0.1 in front of the test Redis that a test can cut (every connection is
 * dropped and new ones are refused) and restore, to see how a node lives through losing Redis.
 */
export class CuttableProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private cut = false;
  url = '';

  constructor() {
    const { hostname, port } = new URL(TEST_REDIS_URL);
    this.server = createServer((client) => {
      if (this.cut) return void client.destroy();
      const upstream = connect({ host: hostname, port: Number(port || 6379) });
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    this.url = `redis://127.0.0.1:${port}`;
    return this;
  }

  /** Drops every open connection and refuses new ones until `restore()`. */
  cutAll(): void {
    this.cut = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.cut = false;
  }

  async stop(): Promise<void> {
    this.cutAll();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
