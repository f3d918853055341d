import type { Transaction } from 'kysely';
import type { Store } from './db.ts';
import { insertLog, type NewLog } from './logs.ts';
import type { Database } from './schema.ts';
import { nowSeconds } from './users.ts';

export interface Payer {
  userId: number;
  /** 0 for calls without an API token (the playground). */
  tokenId: number;
  tokenUnlimited: boolean;
}

export type ReserveOutcome = 'reserved' | 'token_quota_exhausted' | 'user_quota_exhausted';

class Refused extends Error {
  readonly outcome: ReserveOutcome;
  constructor(outcome: ReserveOutcome) {
    super(outcome);
    this.outcome = outcome;
  }
}

/**
 * Takes `amount` from the token (unless unlimited) and the user's wallet in one transaction of
 * conditional updates: either both have enough and both are debited, or nothing changes. Two
 * concurrent calls can therefore never spend the same balance.
 */
export async function reserveQuota(store: Store, payer: Payer, amount: number): Promise<ReserveOutcome> {
  if (amount <= 0) return 'reserved';
  try {
    // Rows are always locked in the same order (user, then token, then channel) by every
    // transaction here, so concurrent reservations and settlements cannot deadlock.
    await store.db.transaction().execute(async (trx) => {
      const user = await trx
        .updateTable('users')
        .set((eb) => ({ quota: eb('quota', '-', amount) }))
        .where('id', '=', payer.userId)
        .where('quota', '>=', amount)
        .executeTakeFirst();
      if (Number(user.numUpdatedRows) !== 1) throw new Refused('user_quota_exhausted');
      if (!payer.tokenUnlimited && payer.tokenId > 0) {
        const token = await trx
          .updateTable('tokens')
          .set((eb) => ({ remain_quota: eb('remain_quota', '-', amount) }))
          .where('id', '=', payer.tokenId)
          .where('remain_quota', '>=', amount)
          .executeTakeFirst();
        if (Number(token.numUpdatedRows) !== 1) throw new Refused('token_quota_exhausted');
      }
    });
    return 'reserved';
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

/** Gives a reservation back in full (the call failed). */
export async function refundQuota(store: Store, payer: Payer, amount: number): Promise<void> {
  if (amount <= 0) return;
  await store.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', amount) }))
      .where('id', '=', payer.userId)
      .execute();
    if (!payer.tokenUnlimited && payer.tokenId > 0) {
      await trx
        .updateTable('tokens')
        .set((eb) => ({ remain_quota: eb('remain_quota', '+', amount) }))
        .where('id', '=', payer.tokenId)
        .execute();
    }
  });
}

/** Takes up to `wanted` more from the wallet, never below zero; answers what was taken. */
async function takeFromWallet(
  store: Store,
  trx: Transaction<Database>,
  userId: number,
  wanted: number,
): Promise<number> {
  const whole = await trx
    .updateTable('users')
    .set((eb) => ({ quota: eb('quota', '-', wanted) }))
    .where('id', '=', userId)
    .where('quota', '>=', wanted)
    .executeTakeFirst();
  if (Number(whole.numUpdatedRows) === 1) return wanted;
  // Not enough left: take what there is. The row is locked (SQLite serialises transactions).
  let select = trx.selectFrom('users').select('quota').where('id', '=', userId);
  if (store.dialect !== 'sqlite') select = select.forUpdate();
  const row = await select.executeTakeFirst();
  const available = Math.max(0, Number(row?.quota ?? 0));
  if (available > 0) {
    await trx
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '-', available) }))
      .where('id', '=', userId)
      .execute();
  }
  return available;
}

export interface Settlement {
  payer: Payer;
  reserved: number;
  /** What the call cost by the price formula. */
  cost: number;
  channelId: number;
  /** The consumption log row, written with the quota actually charged; omitted when logging is off. */
  log?: NewLog;
}

/**
 * Settles a finished call in one transaction: the difference between cost and reservation is
 * taken or given back, counters move, and the log row records exactly what was charged. When the
 * wallet cannot cover the difference it is charged down to zero, never below (no overdraft), and
 * the charge is what it could pay. Answers the quota charged.
 */
export async function settleQuota(store: Store, s: Settlement): Promise<number> {
  return store.db.transaction().execute(async (trx) => {
    const { payer } = s;
    const delta = s.cost - s.reserved;
    let charged = s.cost;
    if (delta > 0) charged = s.reserved + (await takeFromWallet(store, trx, payer.userId, delta));
    else if (delta < 0) {
      await trx
        .updateTable('users')
        .set((eb) => ({ quota: eb('quota', '+', -delta) }))
        .where('id', '=', payer.userId)
        .execute();
    }
    await trx
      .updateTable('users')
      .set((eb) => ({
        used_quota: eb('used_quota', '+', charged),
        request_count: eb('request_count', '+', 1),
      }))
      .where('id', '=', payer.userId)
      .execute();
    if (payer.tokenId > 0) {
      const tokenDelta = charged - s.reserved;
      await trx
        .updateTable('tokens')
        .set((eb) => ({
          remain_quota: payer.tokenUnlimited
            ? eb('remain_quota', '+', 0)
            : eb('remain_quota', '-', tokenDelta),
          used_quota: eb('used_quota', '+', charged),
          accessed_time: nowSeconds(),
        }))
        .where('id', '=', payer.tokenId)
        .execute();
    }
    if (s.channelId > 0 && charged > 0) {
      await trx
        .updateTable('channels')
        .set((eb) => ({ used_quota: eb('used_quota', '+', charged) }))
        .where('id', '=', s.channelId)
        .execute();
    }
    if (s.log) {
      const other =
        s.log.other && charged !== s.cost ? addShortfall(s.log.other, s.cost - charged) : s.log.other;
      await insertLog(trx, { ...s.log, quota: charged, other });
    }
    return charged;
  });
}

function addShortfall(otherJson: string, shortfall: number): string {
  const other = JSON.parse(otherJson) as { admin_info?: Record<string, unknown> };
  other.admin_info = { ...other.admin_info, quota_shortfall: shortfall };
  return JSON.stringify(other);
}
