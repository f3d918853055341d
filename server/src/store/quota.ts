import type { Store } from './db.ts';

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
