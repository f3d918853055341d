import type { Store } from '../../store/db.ts';
import { settleBatch, type BatchResult, type Settlement } from '../../store/settle-batch.ts';
import { databaseAnswers } from '../../store/ping.ts';
import type { SettlementJournal } from './settlement-journal.ts';
import type { SettlementWriteAhead } from './settlement-write-ahead.ts';

export interface BatcherOptions {
  /** Longest a settlement waits before its batch is written. */
  intervalMs: number;
  /** A batch this large is written at once. */
  maxBatch: number;
  /** More than this many settlements waiting in memory go to the journal instead. */
  maxQueued?: number;
  /** First and longest pause between tries of the journal while the database refuses it. */
  retryMs?: { first: number; max: number };
  /** Where each settlement is written as it is added, until the database or the journal holds it. */
  writeAhead?: SettlementWriteAhead;
}

export interface BatcherEvents {
  /** A batch could not be written; it is kept in the journal and retried. */
  onDeferred?: (error: unknown, count: number) => void;
  /** One settlement the database keeps refusing while it takes others (a bad row); it stays in the journal. */
  onStuck?: (error: unknown, settlement: Settlement) => void;
  /**
   * Told of every batch as soon as it is committed, with the balances after it (for the caches)
   * and the settlements it was given, in the order of `result.charged` (for the dashboard roll-up).
   */
  onSettled?: (result: BatchResult, batch: Settlement[]) => void;
}

/**
 * Collects finished calls and settles them in batches, off the request path: one transaction
 * for many calls instead of several per call. Nothing is ever dropped: a batch the database does
 * not take goes to the local journal and is retried with backoff until it does; the journal is
 * settled again at the next start if the process dies first. Every database write and journal
 * change runs one at a time, in order.
 */
export class SettlementBatcher {
  private queue: Settlement[] = [];
  private timer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay: number;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly store: Store;
  private readonly journal: SettlementJournal;
  private readonly options: Required<Omit<BatcherOptions, 'writeAhead'>>;
  private readonly writeAhead: SettlementWriteAhead | undefined;
  private readonly events: BatcherEvents;

  constructor(store: Store, journal: SettlementJournal, options: BatcherOptions, events: BatcherEvents = {}) {
    this.store = store;
    this.journal = journal;
    const { writeAhead, ...rest } = options;
    this.options = { maxQueued: 20_000, retryMs: { first: 100, max: 5_000 }, ...rest };
    this.writeAhead = writeAhead;
    this.retryDelay = this.options.retryMs.first;
    this.events = events;
  }

  /** Batches committed, and batches the database refused (kept in the journal), since the start. */
  readonly batches = { committed: 0, deferred: 0 };

  /** Settlements in the journal, waiting for the database to take them. */
  get journalDepth(): number {
    return this.journal.size;
  }

  /** Seconds the journal has held settlements without being emptied (0 while empty). */
  get journalAgeSeconds(): number {
    return this.journal.ageSeconds;
  }

  /** Settlements waiting in memory and in the journal. */
  get backlog(): number {
    return this.queue.length + this.journal.size;
  }

  add(settlement: Settlement): void {
    this.writeAhead?.record(settlement);
    this.queue.push(settlement);
    if (this.queue.length > this.options.maxQueued) {
      // The database is slower than the calls: keep memory bounded, the journal holds the rest.
      this.keepInJournal(this.queue.splice(0));
      this.scheduleRetry();
    } else if (this.queue.length >= this.options.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.intervalMs);
  }

  /** Writes everything queued so far; resolves when it is in the database or in the journal. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    return this.serially(() => this.writeQueued());
  }

  /** Settles what the journal holds (at start, and on retry); resolves when the database took all it could. */
  drainJournal(): Promise<void> {
    return this.serially(() => this.writeJournal());
  }

  /** Writes what is left, or journals it; stops retrying. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await this.flush();
    this.writeAhead?.close();
  }

  private afterCommit(batch: Settlement[]): (result: BatchResult) => void {
    return (result) => {
      this.batches.committed++;
      this.writeAhead?.finished(batch);
      this.events.onSettled?.(result, batch);
    };
  }

  private keepInJournal(settlements: Settlement[]): void {
    this.journal.append(settlements);
    this.writeAhead?.finished(settlements);
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const next = this.chain.then(work);
    this.chain = next.catch(() => {});
    return next;
  }

  private async writeQueued(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      try {
        await settleBatch(this.store, batch, this.afterCommit(batch));
      } catch (error) {
        // Whatever waits behind this batch would fail the same way: keep all of it.
        const kept = [...batch, ...this.queue.splice(0)];
        this.keepInJournal(kept);
        this.batches.deferred++;
        this.events.onDeferred?.(error, kept.length);
        this.scheduleRetry();
        return;
      }
    }
  }

  private async writeJournal(): Promise<void> {
    const pending = this.journal.read();
    if (pending.length === 0) return;
    const remaining: Settlement[] = [];
    let databaseDown = false;
    for (let start = 0; start < pending.length; start += this.options.maxBatch) {
      const part = pending.slice(start, start + this.options.maxBatch);
      if (databaseDown) remaining.push(...part);
      else databaseDown = !(await this.settleIsolating(part, remaining));
    }
    this.journal.replace(remaining);
    if (remaining.length > 0) this.scheduleRetry();
    else this.retryDelay = this.options.retryMs.first;
  }

  /**
   * Settles `part`, splitting it when the database answers but refuses it, so one bad row cannot
   * hold back the others. Puts what it could not settle into `remaining`; answers false when the
   * database is not answering at all.
   */
  private async settleIsolating(part: Settlement[], remaining: Settlement[]): Promise<boolean> {
    try {
      await settleBatch(this.store, part, this.afterCommit(part));
      return true;
    } catch (error) {
      if (!(await this.databaseAnswers())) {
        remaining.push(...part);
        return false;
      }
      if (part.length === 1) {
        this.events.onStuck?.(error, part[0]!);
        remaining.push(part[0]!);
        return true;
      }
      const half = Math.ceil(part.length / 2);
      return (
        (await this.settleIsolating(part.slice(0, half), remaining)) &&
        (await this.settleIsolating(part.slice(half), remaining))
      );
    }
  }

  private databaseAnswers(): Promise<boolean> {
    return databaseAnswers(this.store.db);
  }

  private scheduleRetry(): void {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, this.options.retryMs.max);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.drainJournal();
    }, delay);
    this.retryTimer.unref();
  }
}
