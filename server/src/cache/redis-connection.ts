import { Redis } from 'ioredis';

/** Where health changes are reported: once when lost, once when back. */
export interface HealthLog {
  warn(message: string): void;
  info(message: string): void;
}

/** Waits for a promise, but never longer than `ms`; false when it did not settle in time or failed. */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The node's Redis (REDIS_CONN_STRING). Commands never wait for a lost connection (no offline
 * queue): they fail at once and the caller falls back to per-node behaviour, while ioredis keeps
 * reconnecting in the background. `keyPrefix` is put in front of every key and channel name.
 */
export class RedisConnection {
  readonly client: Redis;
  readonly keyPrefix: string;
  private readonly log: HealthLog;
  private lost = false;
  private readonly connections: Redis[] = [];

  constructor(url: string, keyPrefix: string, log: HealthLog) {
    this.keyPrefix = keyPrefix;
    this.log = log;
    this.client = this.watch(
      new Redis(url, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        retryStrategy: (times) => Math.min(times * 100, 2000),
      }),
    );
    this.client.on('ready', () => {
      if (this.lost) this.log.info('Redis is reachable again: shared state and the change bus are back');
      this.lost = false;
    });
    this.client.on('close', () => {
      if (this.lost) return;
      this.lost = true;
      this.log.warn('Redis is unreachable: this node keeps serving on its own until it is back');
    });
  }

  get connected(): boolean {
    return this.client.status === 'ready';
  }

  /** Waits (at most `ms`) for the first connection, so a node starts with its bus in place. */
  ready(ms: number): Promise<boolean> {
    if (this.connected) return Promise.resolve(true);
    return within(new Promise((resolve) => this.client.once('ready', resolve)), ms);
  }

  /** A second connection for pub/sub (a subscribed connection can run no other command). */
  subscriber(): Redis {
    return this.watch(this.client.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null }));
  }

  close(): void {
    for (const connection of this.connections) connection.disconnect();
  }

  private watch(connection: Redis): Redis {
    // Errors are reported once by the health log; without a listener they would end the process.
    connection.on('error', () => {});
    this.connections.push(connection);
    return connection;
  }
}
