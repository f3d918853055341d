import type { Transaction } from 'kysely';
import type { Store } from './db.ts';
import type { Database } from './schema.ts';
import { moneyTransaction } from './money-transaction.ts';
import type { Reservation, ReserveOutcome } from './reserve-outcome.ts';
import { refundInSqlite, reserveInSqlite } from './sqlite-reservations.ts';
import { reserveInPostgres } from './pg-reservations.ts';
import { reserveInMysql } from './mysql-reservations.ts';

export type { Payer, Reservation, ReserveOutcome } from './reserve-outcome.ts';

/**
 * Takes `amount` from the token (unless unlimited) and the wallet, and records the reservation,
 * atomically: either both balances are positive and cover it and both are debited, or nothing
 * changes. Two concurrent calls, on one node or many, can therefore never spend the same balance,
 * and a balance in debt (below zero) admits no call at all. The wallet's row is locked before the
 * token's, as every settlement and refund locks them, so no lock order can cross. One round trip on
 * each database: group commit on SQLite, one statement on PostgreSQL, one procedure call on MySQL.
 */
export function reserveQuota(store: Store, reservation: Reservation): Promise<ReserveOutcome> {
  if (store.sqlite) return reserveInSqlite(store, reservation);
  return store.dialect === 'postgres'
    ? reserveInPostgres(store, reservation)
    : reserveInMysql(store, reservation);
}

async function refundIn(trx: Transaction<Database>, dialect: Store['dialect'], id: string): Promise<number> {
  let select = trx
    .selectFrom('reservations')
    .select(['user_id', 'token_id', 'token_unlimited', 'amount'])
    .where('id', '=', id);
  if (dialect !== 'sqlite') select = select.forUpdate();
  const row = await select.executeTakeFirst();
  if (!row) return 0;
  await trx.deleteFrom('reservations').where('id', '=', id).execute();
  const amount = Number(row.amount);
  await giveBackHeld(trx, row, amount);
  return amount;
}

/** Adds quota a reservation held back to its user and, unless unlimited, its token. */
export async function giveBackHeld(
  trx: Transaction<Database>,
  holder: { user_id: unknown; token_id: unknown; token_unlimited: unknown },
  amount: number,
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ quota: eb('quota', '+', amount) }))
    .where('id', '=', Number(holder.user_id))
    .execute();
  if (!Number(holder.token_unlimited) && Number(holder.token_id) > 0) {
    await trx
      .updateTable('tokens')
      .set((eb) => ({ remain_quota: eb('remain_quota', '+', amount) }))
      .where('id', '=', Number(holder.token_id))
      .execute();
  }
}

/**
 * Gives a reservation back in full (the call failed, or its process died before settling it).
 * Idempotent: the reservation's row is claimed by deleting it, so a second refund, or a refund
 * after its settlement, changes nothing. Answers the amount given back.
 */
export async function refundReservation(store: Store, id: string): Promise<number> {
  if (store.sqlite) return refundInSqlite(store, id);
  return moneyTransaction(store, (trx) => refundIn(trx, store.dialect, id));
}

/** Refunds every reservation a process left behind (its earlier life was killed); answers how many and how much. */
export async function refundNodeReservations(
  store: Store,
  nodeId: string,
): Promise<{ count: number; amount: number }> {
  const rows = await store.db.selectFrom('reservations').select('id').where('node_id', '=', nodeId).execute();
  let amount = 0;
  for (const { id } of rows) amount += await refundReservation(store, id);
  return { count: rows.length, amount };
}

/** Quota still held by calls in flight, per user or per token. */
async function heldBy(
  trx: Transaction<Database>,
  column: 'user_id' | 'token_id',
  id: number,
): Promise<number> {
  const row = await trx
    .selectFrom('reservations')
    .select((eb) => eb.fn.sum<number | string | null>('amount').as('held'))
    .where(column, '=', id)
    .$if(column === 'token_id', (q) => q.where('token_unlimited', '=', 0))
    .executeTakeFirst();
  return Number(row?.held ?? 0);
}

/**
 * An admin sets a wallet (or a token's remaining quota) to `value`. Calls in flight reserved their
 * quota before the edit and settle against that reservation afterwards, so the balance is set to
 * `value` minus what they still hold: when they settle, it ends at `value` minus what they really
 * cost. Setting 0 therefore stops the next call on every node, and no call in flight can undo the
 * edit with its refund or escape it with its charge. The row is locked before the sum is read, so
 * a settlement committing meanwhile is counted exactly once.
 */
export async function setBalance(
  store: Store,
  target: { table: 'users'; id: number } | { table: 'tokens'; id: number },
  value: number,
): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    const column = target.table === 'users' ? 'quota' : 'remain_quota';
    let lock = trx.selectFrom(target.table).select('id').where('id', '=', target.id);
    if (store.dialect !== 'sqlite') lock = lock.forUpdate();
    await lock.executeTakeFirst();
    const held = await heldBy(trx, target.table === 'users' ? 'user_id' : 'token_id', target.id);
    await trx
      .updateTable(target.table)
      .set({ [column]: value - held })
      .where('id', '=', target.id)
      .execute();
  });
}
