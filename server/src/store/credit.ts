import { LogType, RedemptionStatus, TopUpStatus, type QuotaDisplay } from '@relaygate/contract';
import type { Transaction } from 'kysely';
import type { Store } from './db.ts';
import { logAmount } from '../i18n/log-amount.ts';
import { msg, render, type Text } from '../i18n/text.ts';
import { describedBy } from './log-text.ts';
import { writeLog } from './log-writer.ts';
import { moneyTransaction } from './money-transaction.ts';
import type { Database } from './schema.ts';
import type { TopUpRow } from './top-ups.ts';

/**
 * Adds `quota` to the wallet and writes the top-up log row, inside the caller's transaction, so
 * the claim that allowed the credit (a code marked used, an order marked paid), the credit and
 * its log row commit together or not at all: a crash in between leaves the claim undone too.
 */
async function creditIn(
  store: Store,
  trx: Transaction<Database>,
  userId: number,
  quota: number,
  log: { text: Text; other: Record<string, unknown> },
): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ quota: eb('quota', '+', quota) }))
    .where('id', '=', userId)
    .execute();
  const user = await trx.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst();
  await writeLog(
    store,
    {
      user_id: userId,
      username: user?.username ?? '',
      type: LogType.TopUp,
      quota,
      ...describedBy(log.text, log.other),
    },
    trx,
  );
}

export type RedeemRefusal = 'unknown' | 'used' | 'disabled' | 'expired';
export type RedeemOutcome =
  { ok: true; quota: number; redemptionId: number } | { ok: false; reason: RedeemRefusal };

class NotRedeemed extends Error {
  readonly reason: RedeemRefusal;
  constructor(reason: RedeemRefusal) {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Uses a code for `userId`. The claim is ONE conditional update (status unused, not deleted, not
 * expired → used by this user): of any number of concurrent attempts, on one node or many, exactly
 * one changes the row and only that one credits. A refusal changes nothing and says why.
 */
export async function redeemCode(
  store: Store,
  request: { key: string; userId: number; now: number; display: QuotaDisplay },
): Promise<RedeemOutcome> {
  const { key, userId, now } = request;
  try {
    return await moneyTransaction(store, async (trx) => {
      const claimed = await trx
        .updateTable('redemptions')
        .set({ status: RedemptionStatus.Used, used_user_id: userId, redeemed_time: now })
        .where('key', '=', key)
        .where('status', '=', RedemptionStatus.Unused)
        .where('deleted_at', 'is', null)
        .where((eb) => eb.or([eb('expired_time', '=', 0), eb('expired_time', '>', now)]))
        .executeTakeFirst();
      const row = await trx
        .selectFrom('redemptions')
        .select(['id', 'quota', 'status', 'expired_time', 'deleted_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1 || !row) throw new NotRedeemed(refusalOf(row, now));
      const quota = Number(row.quota);
      await creditIn(store, trx, userId, quota, {
        text: msg('log.redeemed', { id: Number(row.id), quota: logAmount(request.display, quota) }),
        other: { redemption_id: Number(row.id) },
      });
      return { ok: true as const, quota, redemptionId: Number(row.id) };
    });
  } catch (error) {
    if (error instanceof NotRedeemed) return { ok: false, reason: error.reason };
    throw error;
  }
}

function refusalOf(
  row: { status: number; expired_time: number; deleted_at: number | null } | undefined,
  now: number,
): RedeemRefusal {
  if (!row || row.deleted_at !== null) return 'unknown';
  if (row.status === RedemptionStatus.Used) return 'used';
  if (row.status === RedemptionStatus.Disabled) return 'disabled';
  const expires = Number(row.expired_time);
  if (expires !== 0 && expires <= now) return 'expired';
  // Unused and valid, yet the claim changed nothing: a concurrent attempt took it meanwhile.
  return 'used';
}

/** How a paid order was completed, for its log row. */
export interface Completion {
  tradeNo: string;
  now: number;
  /** Quota credited per unit of `amount` (QuotaPerUnit when the order completes). */
  quotaPerUnit: number;
  /** How the site shows amounts, for the log row's text. */
  display: QuotaDisplay;
  /** Who or what completed it: the payment provider's notify, or an admin by hand. */
  via: Text;
  /** Only orders paid by one of these methods (a provider completes its own orders only). */
  methods?: readonly string[];
}

/**
 * Marks a pending order paid and credits its quota, in one transaction. The claim is ONE
 * conditional update (pending → success), so repeated and concurrent notifies, webhooks and
 * admin completions credit exactly once; answers the order and the quota, or null when the order
 * is unknown or no longer pending (nothing changed).
 */
export async function completeTopUp(
  store: Store,
  completion: Completion,
): Promise<{ order: TopUpRow; quota: number } | null> {
  return moneyTransaction(store, async (trx) => {
    const claimed = await trx
      .updateTable('top_ups')
      .set({ status: TopUpStatus.Success, complete_time: completion.now })
      .where('trade_no', '=', completion.tradeNo)
      .where('status', '=', TopUpStatus.Pending)
      .$if(completion.methods !== undefined, (q) => q.where('payment_method', 'in', [...completion.methods!]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const order = await trx
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', completion.tradeNo)
      .executeTakeFirstOrThrow();
    const quota = Math.round(Number(order.amount) * completion.quotaPerUnit);
    await creditIn(store, trx, Number(order.user_id), quota, {
      text: msg('log.onlineTopUp', {
        amount: order.amount,
        money: Number(order.money).toFixed(2),
        method: order.payment_method,
        tradeNo: order.trade_no,
        via: completion.via,
        quota: logAmount(completion.display, quota),
      }),
      other: {
        trade_no: order.trade_no,
        payment_method: order.payment_method,
        via: render(completion.via, 'en'),
      },
    });
    return { order, quota };
  });
}
