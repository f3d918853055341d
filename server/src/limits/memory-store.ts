import { admitInSteps, finishInSteps } from './in-steps.ts';
import type {
  Adjustment,
  Admitted,
  ChargeResult,
  LeaseRequest,
  LimitStore,
  Release,
  WindowCharge,
} from './store.ts';

interface Counter {
  value: number;
  endsAt: number;
}

/**
 * Counters in this process: exact for one process (JavaScript runs one call at a time, and every
 * operation here is synchronous). Ended windows and expired leases are dropped as they are met
 * and by a sweep, so memory stays bounded by the live windows.
 */
export class MemoryLimitStore implements LimitStore {
  readonly name: 'memory' | 'cluster' = 'memory';
  private readonly counters = new Map<string, Counter>();
  private readonly leases = new Map<string, Map<string, number>>();
  private operations = 0;

  chargeNow(charges: WindowCharge[], now: number): ChargeResult {
    this.sweepSometimes(now);
    for (const [index, charge] of charges.entries()) {
      if (charge.limit <= 0) continue;
      // Adding at least 1: a counter only checked (amount 0) refuses once it reached its limit.
      if (this.value(charge.key, now) + Math.max(charge.amount, 1) > charge.limit) {
        return { ok: false, index, endsAt: charge.endsAt };
      }
    }
    for (const charge of charges) this.add(charge.key, charge.amount, charge.endsAt, now);
    return { ok: true };
  }

  charge(charges: WindowCharge[], now: number): Promise<ChargeResult> {
    return Promise.resolve(this.chargeNow(charges, now));
  }

  adjustNow(key: string, delta: number, endsAt: number, now: number): void {
    this.add(key, delta, endsAt, now);
  }

  adjust(key: string, delta: number, endsAt: number, now: number): Promise<void> {
    this.adjustNow(key, delta, endsAt, now);
    return Promise.resolve();
  }

  readNow(keys: string[], now: number): number[] {
    return keys.map((key) => this.value(key, now));
  }

  read(keys: string[], now: number): Promise<number[]> {
    return Promise.resolve(this.readNow(keys, now));
  }

  acquireNow(leases: LeaseRequest[], now: number): number {
    this.sweepSometimes(now);
    for (const [index, lease] of leases.entries()) {
      if (this.live(lease.key, now).size >= lease.limit) return index;
    }
    for (const lease of leases) this.live(lease.key, now).set(lease.holder, lease.until);
    return -1;
  }

  acquire(leases: LeaseRequest[], now: number): Promise<number> {
    return Promise.resolve(this.acquireNow(leases, now));
  }

  renewNow(leases: LeaseRequest[], now: number): void {
    for (const lease of leases) {
      const held = this.live(lease.key, now);
      if (held.has(lease.holder)) held.set(lease.holder, lease.until);
    }
  }

  renew(leases: LeaseRequest[], now: number): Promise<void> {
    this.renewNow(leases, now);
    return Promise.resolve();
  }

  releaseNow(keys: string[], holder: string): void {
    for (const key of keys) {
      const held = this.leases.get(key);
      held?.delete(holder);
      if (held?.size === 0) this.leases.delete(key);
    }
  }

  admit(leases: LeaseRequest[], charges: WindowCharge[], now: number): Promise<Admitted> {
    return admitInSteps(this, leases, charges, now);
  }

  finish(release: Release | undefined, adjustments: Adjustment[], now: number): Promise<void> {
    return finishInSteps(this, release, adjustments, now);
  }

  release(keys: string[], holder: string): Promise<void> {
    this.releaseNow(keys, holder);
    return Promise.resolve();
  }

  /** Releases every lease whose holder starts with `prefix` (a worker that died). */
  releaseHoldersStartingWith(prefix: string): void {
    for (const [key, held] of this.leases) {
      for (const holder of held.keys()) if (holder.startsWith(prefix)) held.delete(holder);
      if (held.size === 0) this.leases.delete(key);
    }
  }

  private value(key: string, now: number): number {
    const counter = this.counters.get(key);
    if (!counter) return 0;
    if (counter.endsAt <= now) {
      this.counters.delete(key);
      return 0;
    }
    return counter.value;
  }

  private add(key: string, delta: number, endsAt: number, now: number): void {
    if (endsAt <= now) return;
    const value = Math.max(0, this.value(key, now) + delta);
    if (value === 0) this.counters.delete(key);
    else this.counters.set(key, { value, endsAt });
  }

  private live(key: string, now: number): Map<string, number> {
    let held = this.leases.get(key);
    if (!held) {
      held = new Map();
      this.leases.set(key, held);
    }
    for (const [holder, until] of held) if (until <= now) held.delete(holder);
    return held;
  }

  private sweepSometimes(now: number): void {
    if (++this.operations % 1000 !== 0) return;
    for (const [key, counter] of this.counters) if (counter.endsAt <= now) this.counters.delete(key);
    for (const key of [...this.leases.keys()]) if (this.live(key, now).size === 0) this.leases.delete(key);
  }
}
