import type { HealthLog, RedisConnection } from '../cache/redis-connection.ts';
import { ClusterLimitStore } from './cluster-store.ts';
import { MemoryLimitStore } from './memory-store.ts';
import { RedisLimitStore } from './redis-store.ts';
import type { LimitStore } from './store.ts';

/** Where the limits are counted right now, for /api/status. */
export interface LimitsStatus {
  /** memory: one process; cluster: this node's workers; redis: every node. */
  store: LimitStore['name'];
  /** Redis is configured but unreachable: limits are counted per node until it is back. */
  degraded: boolean;
}

/**
 * Picks the store for each call: Redis when configured and reachable, else this node's own
 * (the cluster primary with several workers, else this process). A failed Redis operation
 * switches to the node's own store at once, says so once in the log, and switches back when
 * Redis answers again.
 */
export class LimitStores {
  private readonly shared: RedisLimitStore | undefined;
  readonly local: LimitStore;
  private degraded = false;
  private readonly log: HealthLog;

  constructor(redis: RedisConnection | undefined, inCluster: boolean, log: HealthLog) {
    this.log = log;
    this.shared = redis ? new RedisLimitStore(redis) : undefined;
    this.local = inCluster ? new ClusterLimitStore() : new MemoryLimitStore();
  }

  /** The store to count this call in. */
  pick(): LimitStore {
    if (!this.shared) return this.local;
    if (this.shared.connected) {
      if (this.degraded) {
        this.degraded = false;
        this.log.info('Redis is back: rate limits are counted across all nodes again');
      }
      return this.shared;
    }
    this.degrade();
    return this.local;
  }

  /** After `store` failed an operation: the store to use instead (throws if there is none). */
  failed(store: LimitStore, error: unknown): LimitStore {
    if (store !== this.shared) throw error;
    this.degrade();
    return this.local;
  }

  status(): LimitsStatus {
    const store = this.shared?.connected ? this.shared : this.local;
    return { store: store.name, degraded: this.shared !== undefined && store !== this.shared };
  }

  private degrade(): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn('Redis is unreachable: rate limits are counted per node until it is back');
  }
}
