import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { redeemCode, type RedeemRefusal } from '../../store/credit.ts';
import { nowSeconds } from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { GuessLimiter } from './guess-limiter.ts';
import { msg, type Text } from '../../i18n/text.ts';
import { zodText } from '../../i18n/zod-issue.ts';
import { siteQuotaDisplay } from '../../options/quota-display.ts';

const redeemSchema = z.object({
  key: z
    .string({ error: zodText('redeem.enterCode') })
    .trim()
    .min(1, zodText('redeem.enterCode')),
});

export const REDEEM_REFUSALS: Record<RedeemRefusal, Text> = {
  unknown: msg('redeem.unknown'),
  used: msg('redeem.used'),
  disabled: msg('redeem.disabled'),
  expired: msg('redeem.expired'),
};

/** Longest text looked up as a code: keys are 32 characters, anything much longer is not one. */
const KEY_MAX = 64;

/** POST /api/user/topup {key}: the signed-in user redeems a code; answers the quota credited. */
export const redeemRoutes: FastifyPluginAsync = async (app) => {
  const limiter = new GuessLimiter(undefined, undefined, app.shared.redis);

  app.post('/api/user/topup', { preHandler: requireUser }, async (request) => {
    const user = currentUser(request);
    const { key } = parseInput(redeemSchema, request.body);
    const callers = [`user:${user.id}`, `ip:${request.ip}`];
    if (await limiter.blocked(callers)) throw new ApiError(msg('redeem.tooManyFailures'));
    const outcome =
      key.length > KEY_MAX
        ? ({ ok: false, reason: 'unknown' } as const)
        : await redeemCode(app.store, {
            key,
            userId: user.id,
            now: nowSeconds(),
            display: siteQuotaDisplay(app.settings),
          });
    if (!outcome.ok) {
      await limiter.fail(callers);
      throw new ApiError(REDEEM_REFUSALS[outcome.reason]);
    }
    app.keys.invalidateUser(user.id);
    return ok(outcome.quota);
  });
};
