import type { Updateable } from 'kysely';
import type { Store } from './db.ts';
import { writeLog, type NewLog } from './log-writer.ts';
import { moneyTransaction } from './money-transaction.ts';
import type { TasksTable } from './schema.ts';
import { moveTaskCharge } from './task-charge.ts';
import { FINISHED_STATUSES } from './task-money.ts';

export interface TaskCompletion {
  id: number;
  /** The finished state written (progress, finish time, data…); its status is SUCCESS. */
  update: Updateable<TasksTable>;
  /** What the task costs now that it is done (its final duration): the difference from its charge settles. */
  finalQuota: (charged: number) => number;
  /** The key the task was charged to (kept in the task's private data). */
  tokenId: number;
  /** The log row of a difference: a consumption when more is charged, a refund when some is given back. */
  differenceLog: (difference: number) => NewLog;
}

/**
 * Marks a task done and settles the difference between what it was charged at submit and what it
 * costs done, in one transaction keyed by the task: the row moves to SUCCESS only from an
 * unfinished status and only the transaction that moved it settles, so a repeated or racing poll
 * settles nothing twice. The row's quota becomes the final cost, so a wallet's log rows still add up
 * to what it lost. Answers the difference settled (0 when none, or another got there first), or
 * undefined when the task was finished already.
 */
export async function completeTaskWithSettlement(
  store: Store,
  completion: TaskCompletion,
): Promise<number | undefined> {
  return moneyTransaction(store, async (trx) => {
    const row = await trx
      .selectFrom('tasks')
      .select(['user_id', 'quota'])
      .where('id', '=', completion.id)
      .executeTakeFirst();
    if (!row) return undefined;
    const charged = Number(row.quota);
    // A task charged nothing (its reservation was gone) is not charged at completion either.
    const final = charged > 0 ? Math.max(0, Math.round(completion.finalQuota(charged))) : 0;
    const moved = await trx
      .updateTable('tasks')
      .set({ ...completion.update, status: 'SUCCESS', quota: final })
      .where('id', '=', completion.id)
      .where('status', 'not in', [...FINISHED_STATUSES])
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return undefined;
    const difference = final - charged;
    if (difference === 0) return 0;
    await moveTaskCharge(trx, { userId: Number(row.user_id), tokenId: completion.tokenId }, difference);
    await writeLog(store, { ...completion.differenceLog(difference), quota: Math.abs(difference) }, trx);
    return difference;
  });
}
