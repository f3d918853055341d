import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateCaller, extractKey, extractMidjourneyKey } from './caller.ts';
import { nodeRecovering } from './relay-error.ts';

/**
 * The key is checked from the headers, before the body is read: a refused call never makes the
 * process read (let alone parse) its body. The playground signs in with a session instead. While
 * the last run's reservations are not yet refunded, calls wait (answered 503) but the model list.
 */
export const checkKeyFirst =
  (app: FastifyInstance, settlementsReady: () => boolean) =>
  async (request: FastifyRequest): Promise<void> => {
    const config = request.routeOptions.config as {
      session?: boolean;
      modelList?: boolean;
      midjourney?: boolean;
      noKey?: boolean;
    };
    // Reservations made before the last run's are refunded would be refunded with them.
    if (!settlementsReady() && !config.modelList) throw nodeRecovering();
    if (config.session || config.noKey) return;
    const key = config.midjourney ? extractMidjourneyKey(request) : extractKey(request);
    request.caller = await authenticateCaller(app, key, request.ip);
  };
