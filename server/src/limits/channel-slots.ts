import { randomUUID } from 'node:crypto';
import { ClusterLimitStore } from './cluster-store.ts';
import { LEASE_MS } from './gate.ts';
import type { LimitStores } from './stores.ts';
import type { LeaseRequest, LimitStore } from './store.ts';
import type { NowOrLater } from '../cache/now-or-later.ts';

/** A held slot of a channel: give it back once when the attempt ends. */
export type ChannelHold = () => void;

const RENEW_EVERY_MS = 20_000;
/** The hold of a channel without a cap: nothing to give back. */
const UNCAPPED: ChannelHold = () => undefined;

/**
 * The per-channel concurrency cap: routing asks for a slot before it sends a call to a capped
 * channel and skips the channel while it is full. Slots are leases (see LimitStore), renewed
 * while the call runs, so a dead node's slots come back by themselves.
 */
export class ChannelSlots {
  private readonly stores: LimitStores;
  /** Milliseconds since the epoch; tests set their own. */
  clock: () => number;
  private readonly held = new Map<string, { store: LimitStore; lease: LeaseRequest }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(stores: LimitStores, clock: () => number = Date.now) {
    this.stores = stores;
    this.clock = clock;
  }

  /** A slot of the channel, or null when it is full; channels without a cap always have one, at once. */
  hold(channelId: number, cap: number): NowOrLater<ChannelHold | null> {
    return cap <= 0 ? UNCAPPED : this.leased(channelId, cap);
  }

  private async leased(channelId: number, cap: number): Promise<ChannelHold | null> {
    const now = this.clock();
    const lease = {
      key: `chan:${channelId}`,
      limit: cap,
      holder: `${ClusterLimitStore.holderPrefix()}${randomUUID()}`,
      until: now + LEASE_MS,
    };
    let store = this.stores.pick();
    for (;;) {
      try {
        if ((await store.acquire([lease], now)) >= 0) return null;
        break;
      } catch (error) {
        store = this.stores.failed(store, error);
      }
    }
    this.held.set(lease.holder, { store, lease });
    this.timer ??= setInterval(() => this.renewAll(), RENEW_EVERY_MS).unref();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held.delete(lease.holder);
      if (this.held.size === 0) this.stop();
      store.release([lease.key], lease.holder).catch(() => undefined);
    };
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private renewAll(): void {
    const now = this.clock();
    for (const { store, lease } of this.held.values()) {
      lease.until = now + LEASE_MS;
      store.renew([lease], now).catch(() => undefined);
    }
  }
}
