import type { FastifyInstance } from 'fastify';
import { fromDbBool } from '../../store/dialect.ts';
import { findOwnToken } from '../../store/tokens.ts';
import { findUserById } from '../../store/users.ts';
import { billingStat, type BillingStat } from './billing-stat.ts';
import { authenticateCaller, extractKey } from '../call/caller.ts';
import { RelayError } from '../call/relay-error.ts';
import { msg } from '../../i18n/text.ts';

/** The stat of the calling key, read fresh from the database (these calls are rare and cost nothing). */
async function statOfKey(app: FastifyInstance, rawKey: string | null, ip: string): Promise<BillingStat> {
  const caller = await authenticateCaller(app, rawKey, ip);
  const [token, user] = await Promise.all([
    findOwnToken(app.store.db, caller.userId, caller.tokenId),
    findUserById(app.store.db, caller.userId),
  ]);
  if (!token || !user) throw new RelayError(401, msg('relay.invalidKey'), 'invalid_api_key');
  const source = {
    token: {
      remain_quota: Number(token.remain_quota),
      used_quota: Number(token.used_quota),
      unlimited_quota: fromDbBool(token.unlimited_quota),
      expired_time: Number(token.expired_time),
    },
    user: { quota: Number(user.quota), used_quota: Number(user.used_quota) },
  };
  return billingStat(source, {
    displayTokenStat: app.settings.bool('DisplayTokenStatEnabled'),
    displayInCurrency: app.settings.bool('DisplayInCurrencyEnabled'),
    quotaPerUnit: app.settings.number('QuotaPerUnit'),
  });
}

/**
 * OpenAI's legacy billing endpoints, which chat clients and scripts call with an API key to show a
 * balance: /dashboard/billing/subscription and /usage, also under /v1. Authenticated like a relay
 * call, answered in OpenAI's shapes (errors too), and never charged.
 */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const options = { config: { format: 'openai' } };
  for (const prefix of ['', '/v1']) {
    app.get(`${prefix}/dashboard/billing/subscription`, options, async (request) => {
      const stat = await statOfKey(app, extractKey(request), request.ip);
      return {
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: stat.granted,
        hard_limit_usd: stat.granted,
        system_hard_limit_usd: stat.granted,
        access_until: stat.accessUntil,
      };
    });
    // total_usage is in cents, as OpenAI's was.
    app.get(`${prefix}/dashboard/billing/usage`, options, async (request) => {
      const stat = await statOfKey(app, extractKey(request), request.ip);
      return { object: 'list', total_usage: stat.used * 100 };
    });
  }
}
