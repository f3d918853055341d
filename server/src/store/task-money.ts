import type { Insertable, Transaction, Updateable } from 'kysely';
import type { Store } from './db.ts';
import { insertReturningId } from './insert.ts';
import { writeLog, type NewLog } from './log-writer.ts';
import { moneyTransaction } from './money-transaction.ts';
import { moveTaskCharge } from './task-charge.ts';
import type { Reservation } from './quota.ts';
import { kyselyWriter, type Balances } from './settle-writers.ts';
import type { Database, MidjourneysTable } from './schema.ts';
import { nowSeconds } from './users.ts';

/** The task tables: drawings (`midjourneys`) and every other asynchronous task (`tasks`). */
export type TaskTable = 'midjourneys' | 'tasks';

/** Statuses after which a task changes no more: a task is refunded only on its way into FAILURE. */
export const FINISHED_STATUSES = ['SUCCESS', 'FAILURE'] as const;

export type NewTaskRow<T extends TaskTable> = Insertable<Database[T]>;

export interface SubmitCharge<T extends TaskTable> {
  reservation: Reservation;
  /** What the submission costs (the price at submit; a task is charged in full when it is accepted). */
  cost: number;
  channelId: number;
  /** The consumption log row; its quota is what is charged. */
  log: NewLog;
  table: T;
  /** The task's row; its quota is set to what is charged. */
  row: NewTaskRow<T>;
}

async function claimReservation(trx: Transaction<Database>, store: Store, id: string): Promise<boolean> {
  let select = trx.selectFrom('reservations').select('id').where('id', '=', id);
  if (store.dialect !== 'sqlite') select = select.forUpdate();
  if (!(await select.executeTakeFirst())) return false;
  await trx.deleteFrom('reservations').where('id', '=', id).execute();
  return true;
}

/**
 * The id of the row this submission recorded already, if any: a task's row by its platform, upstream
 * id and owner; a drawing's by its upstream id, owner and submit time (in ms, so two submissions
 * answered with one id, midjourney-proxy's code 21, are told apart).
 */
async function recordedRow<T extends TaskTable>(
  trx: Transaction<Database>,
  table: T,
  row: NewTaskRow<T>,
): Promise<number | undefined> {
  if (table === 'tasks') {
    const task = row as NewTaskRow<'tasks'>;
    const found = await trx
      .selectFrom('tasks')
      .select('id')
      .where('platform', '=', task.platform ?? '')
      .where('task_id', '=', task.task_id ?? '')
      .where('user_id', '=', task.user_id ?? 0)
      .executeTakeFirst();
    return found ? Number(found.id) : undefined;
  }
  const drawing = row as NewTaskRow<'midjourneys'>;
  const found = await trx
    .selectFrom('midjourneys')
    .select('id')
    .where('mj_id', '=', drawing.mj_id ?? '')
    .where('user_id', '=', drawing.user_id ?? 0)
    .where('submit_time', '=', drawing.submit_time ?? 0)
    .executeTakeFirst();
  return found ? Number(found.id) : undefined;
}

/**
 * Records a submission the upstream accepted, in one transaction: its reservation is claimed and
 * turned into the charge (the balances move only by the difference from what was reserved), the
 * counters move, the consumption log row and the task's row go in. So a task row exists exactly
 * when its charge does, and its `quota` is what was charged: the refund of a failed task gives back
 * exactly that. Idempotent, so a record kept on disk (relay/tasks/accepted-tasks.ts) may be written
 * again after a crash or a lost acknowledgement: a reservation already gone either was this very
 * record, committed (its row is there: nothing changes), or was refunded by a sweep meanwhile (the
 * task is recorded uncharged, with quota 0 and no log row, so it is still polled and shown).
 * Answers the row's id, the charge and the balances after it.
 */
export async function recordChargedSubmit<T extends TaskTable>(
  store: Store,
  charge: SubmitCharge<T>,
): Promise<{ id: number; charged: number; balances: Balances }> {
  const { reservation, cost } = charge;
  const { payer } = reservation;
  return moneyTransaction(store, async (trx) => {
    const claimed = await claimReservation(trx, store, reservation.id);
    const charged = claimed ? cost : 0;
    const existing = claimed ? undefined : await recordedRow(trx, charge.table, charge.row);
    if (existing !== undefined)
      return { id: existing, charged: 0, balances: { users: new Map(), tokens: new Map() } };
    if (claimed) {
      const extra = cost - reservation.amount;
      // Channel, wallet, token: the order every settlement locks them in (see settle-batch.ts).
      await trx
        .updateTable('channels')
        .set((eb) => ({ used_quota: eb('used_quota', '+', cost) }))
        .where('id', '=', charge.channelId)
        .execute();
      await trx
        .updateTable('users')
        .set((eb) => ({
          quota: eb('quota', '-', extra),
          used_quota: eb('used_quota', '+', cost),
          request_count: eb('request_count', '+', 1),
        }))
        .where('id', '=', payer.userId)
        .execute();
      if (payer.tokenId > 0) {
        await trx
          .updateTable('tokens')
          .set((eb) => ({
            remain_quota: eb('remain_quota', '-', payer.tokenUnlimited ? 0 : extra),
            used_quota: eb('used_quota', '+', cost),
            accessed_time: nowSeconds(),
          }))
          .where('id', '=', payer.tokenId)
          .execute();
      }
      if (cost > 0) {
        await writeLog(store, { ...charge.log, quota: cost }, trx);
      }
    }
    const row = { ...charge.row, quota: charged } as NewTaskRow<T>;
    const id = await insertReturningId(store, charge.table as 'midjourneys', row as never, trx);
    const balances = await kyselyWriter(store, trx).readBalances(
      [payer.userId],
      payer.tokenId > 0 ? [payer.tokenId] : [],
    );
    return { id, charged, balances };
  });
}

export type TaskUpdate<T extends TaskTable> = Updateable<Database[T]>;

export interface TaskFailure<T extends TaskTable> {
  table: T;
  id: number;
  /** The failed state written (status FAILURE, progress, fail reason, finish time…). */
  update: TaskUpdate<T>;
  /** The refund's log row, given the quota refunded; nothing is logged when nothing is refunded. */
  refundLog: (quota: number) => NewLog;
  /** The key the task was charged to (drawings keep it in token_id, other tasks in private data). */
  tokenId: number;
}

/**
 * Marks a task failed and gives its charge back, in one transaction keyed by the task: the row
 * moves to FAILURE only from an unfinished status, and only the transaction that moved it
 * refunds. Two nodes, a poll repeated after a crash, or a retry after a database outage can
 * therefore never refund a task twice. Answers the quota refunded (0 when another got there first).
 */
export async function failTaskWithRefund<T extends TaskTable>(
  store: Store,
  failure: TaskFailure<T>,
): Promise<number> {
  // Both tables share these columns; Kysely cannot type a query over either, so it is built on one.
  const table = failure.table as 'midjourneys';
  return moneyTransaction(store, async (trx) => {
    const moved = await trx
      .updateTable(table)
      .set({ ...(failure.update as Updateable<MidjourneysTable>), status: 'FAILURE' })
      .where('id', '=', failure.id)
      .where('status', 'not in', [...FINISHED_STATUSES])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return 0;
    const row = await trx
      .selectFrom(table)
      .select(['user_id', 'quota'])
      .where('id', '=', failure.id)
      .executeTakeFirstOrThrow();
    const quota = Number(row.quota);
    if (quota <= 0) return 0;
    await moveTaskCharge(trx, { userId: Number(row.user_id), tokenId: failure.tokenId }, -quota);
    await writeLog(store, { ...failure.refundLog(quota), quota }, trx);
    return quota;
  });
}
