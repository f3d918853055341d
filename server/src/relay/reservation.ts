import type { FastifyInstance } from 'fastify';
import { reserveQuota, type Payer } from '../store/quota.ts';
import type { Caller } from './caller.ts';
import { RelayError } from './relay-error.ts';

/** new-api's trust threshold: above $10 on both wallet and token, nothing is reserved up front. */
const TRUST_UNITS = 10;

export const payerOf = (caller: Caller): Payer => ({
  userId: caller.userId,
  tokenId: caller.tokenId,
  tokenUnlimited: caller.tokenUnlimited,
});

async function liveBalances(
  app: FastifyInstance,
  caller: Caller,
): Promise<{ userQuota: number; tokenRemain: number }> {
  const user = await app.store.db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', caller.userId)
    .executeTakeFirst();
  let tokenRemain = caller.tokenRemain;
  if (!caller.tokenUnlimited && caller.tokenId > 0) {
    const token = await app.store.db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', caller.tokenId)
      .executeTakeFirst();
    tokenRemain = Number(token?.remain_quota ?? 0);
  }
  return { userQuota: Number(user?.quota ?? 0), tokenRemain };
}

/** Reserves the estimate atomically (or nothing for trusted callers); answers what was reserved. */
export async function reserveFor(app: FastifyInstance, caller: Caller, estimate: number): Promise<number> {
  const trust = TRUST_UNITS * app.settings.number('QuotaPerUnit');
  const trustedAt = (userQuota: number, tokenRemain: number) =>
    userQuota > trust && (caller.tokenUnlimited || tokenRemain > trust);
  let { userQuota, tokenRemain } = caller;
  // The cached balances are hints. A trusted call reserves nothing, so no conditional update would
  // catch a wallet or token emptied since they were cached: decide trust on the live balances.
  if (trustedAt(userQuota, tokenRemain)) ({ userQuota, tokenRemain } = await liveBalances(app, caller));
  if (userQuota <= 0) throw new RelayError(403, 'the user quota is used up', 'insufficient_user_quota');
  const trusted = trustedAt(userQuota, tokenRemain);
  const amount = trusted ? 0 : estimate;
  const outcome = await reserveQuota(app.store, payerOf(caller), amount);
  if (outcome === 'token_quota_exhausted') {
    throw new RelayError(
      403,
      'the quota of this API key is not enough for this call',
      'pre_consume_token_quota_failed',
    );
  }
  if (outcome === 'user_quota_exhausted') {
    throw new RelayError(403, 'the user quota is not enough for this call', 'insufficient_user_quota');
  }
  return amount;
}
