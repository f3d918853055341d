import type { Store } from '../store/db.ts';
import { settleBatch, type BatchResult, type Settlement } from '../store/settle-batch.ts';

export interface BatcherOptions {
  /** Longest a settlement waits before its batch is written. */
  intervalMs: number;
  /** A batch this large is written at once. */
  maxBatch: number;
}

const MAX_ATTEMPTS = 3;

/**
 * Collects finished calls and settles them in batches, off the request path: one transaction
 * for many calls instead of several per call. Batches are written one at a time; close()
 * writes whatever is left, so a clean shutdown loses nothing and a crash at most one window.
 * A batch that keeps failing is split, so one bad row cannot hold back the others.
 */
export class SettlementBatcher {
  private queue: Settlement[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly store: Store;
  private readonly options: BatcherOptions;
  private readonly onError: (error: unknown, dropped: number) => void;
  private readonly onSettled: (result: BatchResult) => void;

  constructor(
    store: Store,
    options: BatcherOptions,
    onError: (error: unknown, dropped: number) => void,
    /** Told of every batch as soon as it is committed, with the balances after it (for the caches). */
    onSettled: (result: BatchResult) => void = () => {},
  ) {
    this.store = store;
    this.options = options;
    this.onError = onError;
    this.onSettled = onSettled;
  }

  add(settlement: Settlement): void {
    this.queue.push(settlement);
    if (this.queue.length >= this.options.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.intervalMs);
  }

  /** Writes everything queued so far; resolves when it is in the database. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.running) await this.running;
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.queue.length);
    this.running = this.write(batch).finally(() => (this.running = undefined));
    await this.running;
    if (this.queue.length > 0 && !this.timer)
      this.timer = setTimeout(() => void this.flush(), this.options.intervalMs);
  }

  async close(): Promise<void> {
    while (this.queue.length > 0 || this.running) await this.flush();
  }

  private async write(batch: Settlement[], attempt = 1): Promise<void> {
    for (let start = 0; start < batch.length; start += this.options.maxBatch) {
      const part = batch.slice(start, start + this.options.maxBatch);
      try {
        await settleBatch(this.store, part, this.onSettled);
      } catch (error) {
        if (part.length > 1) {
          const half = Math.ceil(part.length / 2);
          await this.write(part.slice(0, half), attempt);
          await this.write(part.slice(half), attempt);
        } else if (attempt < MAX_ATTEMPTS) {
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
          await this.write(part, attempt + 1);
        } else {
          this.onError(error, part.length);
        }
      }
    }
  }
}
