/**
 * The log mover: with LOG_SQL_DSN, copies the log rows waiting in the main database's outbox to the
 * log database (store/log-outbox.ts), on one process of the cluster at a time (the scheduler's
 * lease). It runs every LOG_MOVE_INTERVAL_MS and right after each settlement batch or log row
 * written outside a transaction (store.logs.onQueued); a run moves batches until the outbox is
 * empty. A log database that is away leaves the rows in the outbox, and the next run moves them.
 */
import type { Store } from '../store/db.ts';
import { moveOutboxBatch, pruneReceipts } from '../store/log-outbox.ts';
import type { JobDefinition, JobScheduler } from './scheduler.ts';

export const LOG_MOVER_JOB = 'log-mover';

const LOG_MOVE_INTERVAL_MS = 1_000;
const MOVE_BATCH_ROWS = 500;

/** The mover's job: answers how many rows one run moved. */
export function logMoverJob(store: Store, intervalMs = LOG_MOVE_INTERVAL_MS): JobDefinition {
  return {
    name: LOG_MOVER_JOB,
    intervalMs,
    scope: 'leased',
    due: () => store.logs.apart,
    async run(context): Promise<number> {
      await pruneReceipts(store);
      return moveAllLogs(store, () => context.cancelled);
    },
  };
}

/** Moves outbox batches until the outbox is empty (or `stop` says so); answers how many rows. */
export async function moveAllLogs(store: Store, stop: () => boolean = () => false): Promise<number> {
  let moved = 0;
  while (!stop()) {
    const count = await moveOutboxBatch(store, MOVE_BATCH_ROWS);
    moved += count;
    if (count < MOVE_BATCH_ROWS) break;
  }
  return moved;
}

/**
 * Registers the mover and hooks it to the store, so rows just written are moved at once by the
 * process holding its lease: kicks while a run is queued or going on make one more run after it.
 */
export function startLogMover(store: Store, jobs: JobScheduler, intervalMs?: number): void {
  if (!store.logs.apart) return;
  jobs.add(logMoverJob(store, intervalMs));
  let queued = false;
  let again = false;
  const kick = () => {
    // Only the lease's holder: another process would only fail to take it (a write each time), and
    // the holder's next run, within the interval, moves that process's rows too.
    if (!jobs.holds(LOG_MOVER_JOB)) return;
    if (queued) {
      again = true;
      return;
    }
    queued = true;
    void jobs
      .runNow(LOG_MOVER_JOB)
      .catch(() => undefined)
      .finally(() => {
        queued = false;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  store.logs.onQueued = kick;
}
