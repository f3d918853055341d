import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { appSignInLimits, type SignInLimits } from '../auth/sign-in-limits.ts';
import { msg } from '../i18n/text.ts';
import { ApiError } from './errors.ts';

/** The sign-in limits of this app: login, register, e-mail codes, reset and OAuth count together. */
export const sharedSignInLimits = (app: FastifyInstance): SignInLimits =>
  appSignInLimits(app.config, app.shared.redis);

/**
 * Route options counting every request against its client address (new-api's critical rate
 * limit), refused with 429 from the headers once over the limit.
 */
export function limitedByAddress(app: FastifyInstance): { onRequest: onRequestAsyncHookHandler } {
  const limits = sharedSignInLimits(app);
  return {
    onRequest: async (request) => {
      if (!(await limits.allowAddress(request.ip))) throw new ApiError(msg('http.tooManyRequests'), 429);
    },
  };
}
