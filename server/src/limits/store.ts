/**
 * Where limit counters live: this process's memory, the cluster primary (for the workers of one
 * node), or Redis (for every node on one database). Every store offers the same three atomic
 * operations, so each limit is exact wherever it is counted.
 */

/** One counter in one window: `key` names the window (its id is part of the key). */
export interface WindowCharge {
  key: string;
  /** What this call adds to the counter. */
  amount: number;
  /** The counter may reach this, never pass it; 0 or less: only counted, never refused. */
  limit: number;
  /** When the window ends (ms since the epoch): the counter is forgotten then. */
  endsAt: number;
}

/** The answer to a charge: all added, or none and the first counter that was full. */
export type ChargeResult = { ok: true } | { ok: false; index: number; endsAt: number };

/** A slot among `limit` concurrent ones, held until released or until its lease runs out. */
export interface LeaseRequest {
  key: string;
  limit: number;
  /** Who holds it (unique per call). */
  holder: string;
  /** The lease ends then unless renewed (a dead node's slots come back by themselves). */
  until: number;
}

/** A call admitted: its slots and windows taken; or the first full slot; or the first window that refused (none taken). */
export type Admitted = { ok: true } | { full: number } | { refused: number; endsAt: number };

/** The slots a call gives back at its end. */
export interface Release {
  keys: string[];
  holder: string;
}

/** A window's counter changed at a call's end (the tokens it used, a budget estimate corrected). */
export interface Adjustment {
  key: string;
  delta: number;
  endsAt: number;
}

export interface LimitStore {
  readonly name: 'memory' | 'cluster' | 'redis';
  /**
   * Adds every amount only if every counter stays within its limit (all or nothing). An amount
   * counts as at least 1 in the check: a counter only watched (amount 0) refuses once full.
   */
  charge(charges: WindowCharge[], now: number): Promise<ChargeResult>;
  /** Adds (or, negative, takes back) an amount in a window without a check; never below zero. */
  adjust(key: string, delta: number, endsAt: number, now: number): Promise<void>;
  /** Current value of counters (0 for absent or ended windows). */
  read(keys: string[], now: number): Promise<number[]>;
  /** Takes one slot of each request, all or nothing; answers the index of the first full one, or -1. */
  acquire(leases: LeaseRequest[], now: number): Promise<number>;
  /** Extends held leases. */
  renew(leases: LeaseRequest[], now: number): Promise<void>;
  /** Gives slots back. */
  release(keys: string[], holder: string): Promise<void>;
  /** A call's admission, all or nothing: its slots (acquire), then its windows (charge). */
  admit(leases: LeaseRequest[], charges: WindowCharge[], now: number): Promise<Admitted>;
  /** A call's end: its slots given back and its windows adjusted, together. */
  finish(release: Release | undefined, adjustments: Adjustment[], now: number): Promise<void>;
}
