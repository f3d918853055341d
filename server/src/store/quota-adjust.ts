import type { Store } from './db.ts';
import { writeLog, type NewLog } from './log-writer.ts';
import { moneyTransaction } from './money-transaction.ts';

/** Why an adjustment changed nothing: the user is gone, or a deduction exceeds the balance, or an addition overflows. */
export type AdjustRefusal = 'missing' | 'not_enough' | 'too_large';

export type AdjustOutcome = { ok: true; quota: number } | { ok: false; reason: AdjustRefusal; quota: number };

class NotAdjusted extends Error {
  readonly reason: AdjustRefusal;
  readonly quota: number;
  constructor(reason: AdjustRefusal, quota: number) {
    super(reason);
    this.reason = reason;
    this.quota = quota;
  }
}

/**
 * Adds `delta` quota units to a wallet (takes them away when negative) and writes its log row, in
 * one transaction. The change is ONE conditional increment, never a read then a write: calls settling
 * meanwhile, on any node, are neither undone nor counted twice, and a deduction succeeds only while
 * the balance covers it (two concurrent deductions can never take the same units). A sum beyond
 * Number.MAX_SAFE_INTEGER is refused, since amounts are read back as JavaScript numbers.
 */
export async function adjustWallet(
  store: Store,
  userId: number,
  delta: number,
  log: Omit<NewLog, 'user_id'>,
): Promise<AdjustOutcome> {
  try {
    return await moneyTransaction(store, async (trx) => {
      const changed = await trx
        .updateTable('users')
        .set((eb) => ({ quota: eb('quota', '+', delta) }))
        .where('id', '=', userId)
        .$if(delta < 0, (q) => q.where('quota', '>=', -delta))
        .$if(delta > 0, (q) => q.where('quota', '<=', Number.MAX_SAFE_INTEGER - delta))
        .executeTakeFirst();
      const row = await trx.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirst();
      if (!row) throw new NotAdjusted('missing', 0);
      const quota = Number(row.quota);
      if (Number(changed.numUpdatedRows) !== 1)
        throw new NotAdjusted(delta < 0 ? 'not_enough' : 'too_large', quota);
      await writeLog(store, { ...log, user_id: userId }, trx);
      return { ok: true as const, quota };
    });
  } catch (error) {
    if (error instanceof NotAdjusted) return { ok: false, reason: error.reason, quota: error.quota };
    throw error;
  }
}
