import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { signInLimits, type SignInLimits } from '../auth/sign-in-limits.ts';
import { msg } from '../i18n/text.ts';
import { ApiError } from './errors.ts';

/** One set of counters per app (its config object), shared by every route plugin that uses it. */
const limitsByApp = new WeakMap<object, SignInLimits>();

/** The sign-in limits of this app: login, register, e-mail codes, password reset count together. */
export function sharedSignInLimits(app: FastifyInstance): SignInLimits {
  let limits = limitsByApp.get(app.config);
  if (!limits) {
    limits = signInLimits(app.config.signInLimit, app.shared.redis);
    limitsByApp.set(app.config, limits);
  }
  return limits;
}

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
