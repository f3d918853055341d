import type { Transaction } from 'kysely';
import type { Store } from './db.ts';
import type { Database } from './schema.ts';

const DEADLOCK_RETRIES = 3;

/** PostgreSQL's deadlock or serialization failure, MySQL's deadlock or lock wait timeout. */
export function isLockConflict(error: unknown): boolean {
  const e = error as { code?: string; errno?: number } | null;
  return (
    e?.code === '40P01' ||
    e?.code === '40001' ||
    e?.errno === 1213 ||
    e?.errno === 1205 ||
    e?.code === 'ER_LOCK_DEADLOCK'
  );
}

/**
 * A transaction that moves quota (reserve, refund, settle, set): READ COMMITTED everywhere (on
 * MySQL this also drops the gap locks its default level takes on the reservations a settlement
 * claims), retried from the start when the database picked it as a deadlock victim. Every such
 * transaction is all-or-nothing, so running it again is safe.
 */
export function moneyTransaction<T>(
  store: Store,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return retryOnLockConflict(() => {
    const transaction = store.db.transaction();
    const builder =
      store.dialect === 'sqlite' ? transaction : transaction.setIsolationLevel('read committed');
    return builder.execute(work);
  });
}

/** Runs `work` again (a few times at most) when the database picked it as a deadlock victim; `work` must be all-or-nothing. */
export async function retryOnLockConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= DEADLOCK_RETRIES || !isLockConflict(error)) throw error;
    }
  }
}
