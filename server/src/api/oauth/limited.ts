import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { appSignInLimits } from '../../auth/sign-in-limits.ts';
import { msg } from '../../i18n/text.ts';
import { ApiError } from '../errors.ts';

/** A hook that counts each request against the caller's address with the app's sign-in limits. */
export function addressLimit(app: FastifyInstance): onRequestAsyncHookHandler {
  const limits = appSignInLimits(app.config, app.shared.redis);
  return async (request) => {
    if (!(await limits.allowAddress(request.ip))) throw new ApiError(msg('http.tooManyRequests'), 429);
  };
}
