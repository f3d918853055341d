/**
 * A TCP proxy between the gateway and its database server that counts round trips: each time a
 * client sends after the server last spoke on that connection (or first), one turn. The count does
 * not depend on the protocol, so it reads the same for PostgreSQL's and MySQL's.
 */
import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export class RoundTripCounter {
  /** Round trips (client turns) since the start, over every connection. */
  turns = 0;
  /** When bytes last went either way (ms since the epoch). */
  lastTraffic = Date.now();
  private readonly sockets = new Set<Socket>();
  private listener!: Server;
  port = 0;

  /** Listens on 127.0.0.1, forwarding to the server of `dsn`. */
  static async before(dsn: string): Promise<RoundTripCounter> {
    const target = new URL(dsn);
    const port = Number(target.port) || (target.protocol.startsWith('postgres') ? 5432 : 3306);
    const counter = new RoundTripCounter();
    counter.listener = createServer((client) => counter.accept(client, target.hostname, port));
    counter.listener.listen(0, '127.0.0.1');
    await once(counter.listener, 'listening');
    counter.port = (counter.listener.address() as AddressInfo).port;
    return counter;
  }

  /** `dsn` with its host and port replaced by the proxy's. */
  rewrite(dsn: string): string {
    const url = new URL(dsn);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  private accept(client: Socket, host: string, port: number): void {
    const server = connect({ host, port });
    let clientsTurn = true;
    client.on('data', (chunk) => {
      this.lastTraffic = Date.now();
      if (clientsTurn) this.turns++;
      clientsTurn = false;
      server.write(chunk);
    });
    server.on('data', (chunk) => {
      this.lastTraffic = Date.now();
      clientsTurn = true;
      client.write(chunk);
    });
    for (const socket of [client, server]) {
      this.sockets.add(socket);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        server.destroy();
      });
      socket.on('error', () => socket.destroy());
    }
  }

  /** Waits until no byte has gone either way for `quietMs` (the last settlements written), at most `maxMs`. */
  async quiet(quietMs = 1500, maxMs = 15_000): Promise<void> {
    const deadline = Date.now() + maxMs;
    while (Date.now() - this.lastTraffic < quietMs && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.listener.close(resolve));
  }
}
