import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export type ProxyMode = 'open' | 'cut' | 'blackhole';

interface Pair {
  client: Socket;
  /** Opened when the client arrives, or on restore() for a client that arrived during a blackhole. */
  server?: Socket;
  /** Bytes held back during a blackhole, each way. */
  toServer: Buffer[];
  toClient: Buffer[];
}

/**
 * A TCP proxy on 127.0.0.1 between a process under test and a server (a database), that a test can
 * break on purpose:
 *
 * - `cut()`: every connection is destroyed at once and new ones are refused (closed on accept), as
 *   when the server goes down or restarts;
 * - `blackhole()`: connections stay open and new ones are accepted, but nothing is forwarded in
 *   either direction, as when packets are dropped (a dead route, a firewall, a hung server);
 *   bytes sent meanwhile are held back, as TCP's retransmission would, and flow again on restore;
 * - `restore()`: forwards again (connections cut earlier stay gone; clients must reconnect).
 *
 * Usage: `const proxy = await TcpProxy.start('127.0.0.1', 5432)`, point the client at
 * `127.0.0.1:${proxy.port}` (or `proxy.rewrite(dsn)`), and `await proxy.close()` at the end.
 */
export class TcpProxy {
  private mode: ProxyMode = 'open';
  private readonly pairs = new Set<Pair>();
  private readonly listener: Server;
  private readonly target: { host: string; port: number };
  port = 0;

  private constructor(host: string, port: number) {
    this.target = { host, port };
    this.listener = createServer((client) => this.accept(client));
  }

  /** Listens on an ephemeral loopback port, forwarding to host:port. */
  static async start(host: string, port: number): Promise<TcpProxy> {
    const proxy = new TcpProxy(host, port);
    proxy.listener.listen(0, '127.0.0.1');
    await once(proxy.listener, 'listening');
    proxy.port = (proxy.listener.address() as AddressInfo).port;
    return proxy;
  }

  /** Forwards to the database server of `dsn` (PostgreSQL's or MySQL's default port when it names none). */
  static async before(dsn: string): Promise<TcpProxy> {
    const target = new URL(dsn);
    const defaultPort = target.protocol.startsWith('postgres') ? 5432 : 3306;
    return TcpProxy.start(target.hostname, Number(target.port) || defaultPort);
  }

  /** The same URL (a DSN), with its host and port replaced by the proxy's. */
  rewrite(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /** Connections currently open through the proxy. */
  get connections(): number {
    return this.pairs.size;
  }

  cut(): void {
    this.mode = 'cut';
    for (const pair of this.pairs) this.drop(pair);
  }

  blackhole(): void {
    this.mode = 'blackhole';
  }

  restore(): void {
    this.mode = 'open';
    for (const pair of this.pairs) {
      if (!pair.server) this.openServerSide(pair);
      for (const chunk of pair.toServer.splice(0)) pair.server!.write(chunk);
      for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
    }
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.listener.close(resolve));
  }

  private accept(client: Socket): void {
    if (this.mode === 'cut') {
      client.destroy();
      return;
    }
    const pair: Pair = { client, toServer: [], toClient: [] };
    this.pairs.add(pair);
    this.watch(pair, client);
    client.on('data', (chunk: Buffer) => {
      if (this.mode === 'blackhole' || !pair.server) pair.toServer.push(chunk);
      else pair.server.write(chunk);
    });
    // A silent network never reaches the server, so it cannot time the connection out either.
    if (this.mode === 'open') this.openServerSide(pair);
  }

  private openServerSide(pair: Pair): void {
    const server = connect(this.target);
    pair.server = server;
    this.watch(pair, server);
    server.on('data', (chunk: Buffer) => {
      if (this.mode === 'blackhole') pair.toClient.push(chunk);
      else pair.client.write(chunk);
    });
  }

  private watch(pair: Pair, socket: Socket): void {
    const end = () => this.drop(pair);
    socket.on('error', end);
    socket.on('close', end);
  }

  private drop(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    pair.client.destroy();
    pair.server?.destroy();
  }
}
