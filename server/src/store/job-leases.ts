import type { Store } from './db.ts';

/**
 * Takes or renews the lease on job `name` for `holder` until `expiresAt` (unix seconds): it is
 * granted when nobody holds it, when `holder` holds it already, or when its holder let it run out
 * (died or lost the database). One conditional update decides, so of several nodes asking at once
 * exactly one holds it. Answers whether `holder` holds it now.
 */
export async function takeJobLease(
  store: Store,
  name: string,
  holder: string,
  now: number,
  expiresAt: number,
): Promise<boolean> {
  const insert = store.db.insertInto('job_leases').values({ name, holder: '', expires_at: 0 });
  if (store.dialect === 'mysql') await insert.ignore().execute();
  else await insert.onConflict((oc) => oc.column('name').doNothing()).execute();
  const taken = await store.db
    .updateTable('job_leases')
    .set({ holder, expires_at: expiresAt })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Gives the lease up (a node shutting down), so another node takes the job at its next try. */
export async function releaseJobLease(store: Store, name: string, holder: string): Promise<void> {
  await store.db
    .updateTable('job_leases')
    .set({ expires_at: 0 })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

/** How a job's run went, as recorded on its lease row. */
export interface JobRunRecord {
  /** The process that ran it. */
  node: string;
  intervalMs: number;
  /** Unix seconds. */
  startedAt: number;
  durationMs: number;
  outcome: 'ok' | 'error';
  /** Empty when it went well. */
  error: string;
}

/** Room for the error's first words on the row. */
const ERROR_LENGTH = 500;

/** Keeps a run's outcome on the job's row, where every node reads it (the row exists: its lease was taken). */
export async function recordJobRun(store: Store, name: string, run: JobRunRecord): Promise<void> {
  await store.db
    .updateTable('job_leases')
    .set({
      interval_ms: run.intervalMs,
      last_started_at: run.startedAt,
      last_duration_ms: Math.max(0, Math.round(run.durationMs)),
      last_outcome: run.outcome,
      last_error: run.error.slice(0, ERROR_LENGTH),
      last_node: run.node.slice(0, 128),
    })
    .where('name', '=', name)
    .execute();
}

/** Every leased job's row: who holds it until when, and how it last ran. */
export async function listJobLeases(store: Store) {
  return store.db.selectFrom('job_leases').selectAll().orderBy('name').execute();
}
