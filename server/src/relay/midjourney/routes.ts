import type { FastifyError, FastifyInstance } from 'fastify';
import { closeSoonIfUnread } from '../../http/unread-body.ts';
import { isDatabaseUnavailable } from '../../store/unavailable.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { RelayError } from '../call/relay-error.ts';
import { TaskNotRecorded } from '../tasks/submit-task.ts';
import { SUBMIT_KINDS } from './actions.ts';
import { submitDrawing } from './submit.ts';
import { fetchTask, imageSeed, listTasks, proxyImage } from './task-routes.ts';
import { mjErrorBody, MjError, MJ_REQUEST_ERROR, MJ_UNKNOWN_ERROR } from './wire.ts';

/** The largest drawing request (base64 images for blend, describe, swap, upload): 32 MB. */
export const MJ_BODY_LIMIT = 32 * 1024 * 1024;

/** The forms of every route: /mj/… and new-api's /mj-fast/mj/…, /mj-turbo/mj/…, /mj-relax/mj/…. */
const PREFIXES = ['', '/mj-fast', '/mj-turbo', '/mj-relax'];

/** Any error of the /mj routes in midjourney-proxy's shape, with a real status; never a bare 500 body. */
function toMjError(error: FastifyError | Error): MjError {
  if (error instanceof MjError) return error;
  if (error instanceof RelayError) {
    // A key refused, a wallet short, a model unpriced: new-api's code 30 is a rate limit.
    return new MjError(error.status === 429 ? 30 : MJ_REQUEST_ERROR, error.message, error.status);
  }
  if (error instanceof TaskNotRecorded)
    return new MjError(MJ_UNKNOWN_ERROR, 'insert_midjourney_task_failed', 503);
  if (isDatabaseUnavailable(error)) return new MjError(MJ_UNKNOWN_ERROR, 'database_unavailable', 503);
  const fastify = error as FastifyError;
  if (fastify.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new MjError(MJ_REQUEST_ERROR, `request_body_too_large: at most ${MJ_BODY_LIMIT} bytes`, 413);
  if (fastify.statusCode && fastify.statusCode >= 400 && fastify.statusCode < 500)
    return new MjError(MJ_REQUEST_ERROR, 'bind_request_body_failed', fastify.statusCode);
  return new MjError(MJ_UNKNOWN_ERROR, 'internal error in the gateway', 500);
}

/**
 * The Midjourney relay (midjourney-proxy's API through channel types 2 and 5): submissions,
 * task fetch and list, image seed, and the image proxy. Keys come from Authorization or
 * mj-api-secret (relay/call/caller.ts); every answer and error is in midjourney-proxy's shape.
 */
export async function midjourneyRoutes(app: FastifyInstance, runtime: RelayRuntime): Promise<void> {
  await app.register(async (mj) => {
    mj.setErrorHandler((error: FastifyError, request, reply) => {
      closeSoonIfUnread(request);
      const mjError = toMjError(error);
      if (mjError.status >= 500 && mjError.code === MJ_UNKNOWN_ERROR)
        request.log.error({ err: error }, 'midjourney relay failed');
      return reply.code(mjError.status).send(mjErrorBody(mjError));
    });
    const options = { bodyLimit: MJ_BODY_LIMIT, config: { midjourney: true } };
    for (const prefix of PREFIXES) {
      for (const kind of SUBMIT_KINDS) {
        const path = kind === 'swap' ? `${prefix}/mj/insight-face/swap` : `${prefix}/mj/submit/${kind}`;
        mj.post(path, options, async (request, reply) => {
          const answer = await submitDrawing(mj, runtime, request, kind);
          return reply.code(answer.status).send(answer.body);
        });
      }
      mj.post(`${prefix}/mj/task/list-by-condition`, options, (request) => listTasks(mj, request));
      mj.get(`${prefix}/mj/task/:id/fetch`, options, (request) => fetchTask(mj, request));
      mj.get(`${prefix}/mj/task/:id/image-seed`, options, async (request, reply) => {
        const answer = await imageSeed(mj, runtime, request);
        return reply.code(answer.status).send(answer.body);
      });
    }
    mj.get('/mj/image/:id', { config: { midjourney: true, noKey: true } }, (request, reply) =>
      proxyImage(mj, runtime, request, reply),
    );
  });
}
