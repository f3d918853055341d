import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { authenticateCaller, extractKey, extractMidjourneyKey } from './caller.ts';
import { nodeRecovering } from './relay-error.ts';

/**
 * The key is checked from the headers, before the body is read: a refused call never makes the
 * process read (let alone parse) its body. The playground signs in with a session instead. While
 * the last run's reservations are not yet refunded, calls wait (answered 503) but the model list.
 */
export const checkKeyFirst =
  (app: FastifyInstance, settlementsReady: () => boolean) =>
  (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const config = request.routeOptions.config as {
      session?: boolean;
      modelList?: boolean;
      midjourney?: boolean;
      noKey?: boolean;
    };
    // A callback, not an async hook: a cached key is checked with no promise in between.
    let caller: ReturnType<typeof authenticateCaller>;
    try {
      // Reservations made before the last run's are refunded would be refunded with them.
      if (!settlementsReady() && !config.modelList) throw nodeRecovering();
      if (config.session || config.noKey) return done();
      const key = config.midjourney ? extractMidjourneyKey(request) : extractKey(request);
      caller = authenticateCaller(app, key, request.ip);
    } catch (error) {
      return done(error as Error);
    }
    if (!(caller instanceof Promise)) {
      request.caller = caller;
      return done();
    }
    caller.then((found) => {
      request.caller = found;
      done();
    }, done);
  };
