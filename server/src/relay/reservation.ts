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

/** Above this on both wallet and token (new-api's $10), nothing is reserved up front. */
export const trustThreshold = (app: FastifyInstance): number =>
  TRUST_UNITS * app.settings.number('QuotaPerUnit');

/** Reserves the estimate atomically (or nothing for trusted callers); answers what was reserved. */
export async function reserveFor(app: FastifyInstance, caller: Caller, estimate: number): Promise<number> {
  const trust = trustThreshold(app);
  // Cached balances, refreshed after every settlement batch (KeyCache.refreshBalances): a trusted
  // call reserves nothing, so trust is decided on balances at most one batch old, and settlement
  // never takes a wallet below zero whatever happens in between.
  const { userQuota, tokenRemain } = caller;
  if (userQuota <= 0) throw new RelayError(403, 'the user quota is used up', 'insufficient_user_quota');
  const trusted = userQuota > trust && (caller.tokenUnlimited || tokenRemain > trust);
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
