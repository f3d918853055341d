/**
 * The move of log rows from the main database's log_outbox to the log database (LOG_SQL_DSN),
 * exactly once through crashes and outages of either side. A row's key goes into the log database
 * in the same transaction as the row (log_outbox_receipts), so a move repeated after a crash,
 * before the outbox row was deleted, finds the key and does not copy the row again; the outbox row
 * is deleted only after the log database has committed it, so nothing is lost. Keys are random and
 * never reused: a receipt left behind by a crash matches no later row and is pruned.
 */
import type { Store } from './db.ts';
import { insertMovedLogs } from './log-writer.ts';
import { nowSeconds } from './users.ts';

/** Receipts older than this whose rows have left the outbox are dropped. */
const RECEIPT_KEEP_SECONDS = 3600;

/** Moves up to `limit` of the oldest outbox rows; answers how many left the outbox. */
export async function moveOutboxBatch(store: Store, limit: number): Promise<number> {
  const rows = await store.db.selectFrom('log_outbox').selectAll().orderBy('id').limit(limit).execute();
  if (rows.length === 0) return 0;
  const keys = rows.map((row) => row.row_key);
  const now = nowSeconds();
  await store.logs.db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('log_outbox_receipts')
      .select('row_key')
      .where('row_key', 'in', keys)
      .execute();
    const known = new Set(taken.map((row) => row.row_key));
    const fresh = rows.filter((row) => !known.has(row.row_key));
    if (fresh.length === 0) return;
    await insertMovedLogs(trx, fresh);
    // A second mover racing this one fails on the receipts' primary key and rolls its copy back.
    await trx
      .insertInto('log_outbox_receipts')
      .values(fresh.map((row) => ({ row_key: row.row_key, moved_at: now })))
      .execute();
  });
  await store.db
    .deleteFrom('log_outbox')
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  await store.logs.db.deleteFrom('log_outbox_receipts').where('row_key', 'in', keys).execute();
  return rows.length;
}

/** How many rows wait in the outbox (the readiness check and the tests read it). */
export async function outboxDepth(store: Store): Promise<number> {
  const row = await store.db
    .selectFrom('log_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Drops receipts a crash left behind (their rows left the outbox long ago); answers how many. */
export async function pruneReceipts(store: Store, limit = 500): Promise<number> {
  const old = await store.logs.db
    .selectFrom('log_outbox_receipts')
    .select('row_key')
    .where('moved_at', '<', nowSeconds() - RECEIPT_KEEP_SECONDS)
    .limit(limit)
    .execute();
  if (old.length === 0) return 0;
  const keys = old.map((row) => row.row_key);
  const waiting = await store.db
    .selectFrom('log_outbox')
    .select('row_key')
    .where('row_key', 'in', keys)
    .execute();
  const still = new Set(waiting.map((row) => row.row_key));
  const gone = keys.filter((key) => !still.has(key));
  if (gone.length === 0) return 0;
  await store.logs.db.deleteFrom('log_outbox_receipts').where('row_key', 'in', gone).execute();
  return gone.length;
}
