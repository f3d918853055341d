import type { FastifyError, FastifyInstance } from 'fastify';
import { closeSoonIfUnread } from '../../http/unread-body.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { msg } from '../../i18n/text.ts';
import { isDatabaseUnavailable } from '../../store/unavailable.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { databaseUnavailable, inLanguage, RelayError } from '../call/relay-error.ts';
import { TaskNotRecorded } from '../tasks/submit-task.ts';
import { fetchSunoTask, fetchSunoTasks } from './fetch.ts';
import { submitSuno } from './submit.ts';
import { sunoError, sunoErrorBody } from './wire.ts';

/** Any error of the /suno routes as new-api's task error, with a real status; never a bare 500 body. */
function toSunoError(error: FastifyError | Error): RelayError {
  if (error instanceof RelayError) return error;
  if (error instanceof TaskNotRecorded) return sunoError(503, 'insert_task_failed', msg('suno.notRecorded'));
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const fastify = error as FastifyError;
  if (fastify.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return sunoError(413, 'invalid_request', msg('suno.bodyTooLarge'));
  if (fastify.statusCode && fastify.statusCode >= 400 && fastify.statusCode < 500)
    return sunoError(fastify.statusCode, 'invalid_request', msg('suno.bodyNotObject'));
  return sunoError(500, 'internal_error', msg('suno.internal'));
}

/**
 * The Suno relay (new-api's /suno routes through Suno API channels, type 36): submissions of
 * music and lyrics, and the caller's tasks fetched one or many at a time. Keys come from
 * Authorization: Bearer; every answer and error is in new-api's task shape.
 */
export async function sunoRoutes(app: FastifyInstance, runtime: RelayRuntime): Promise<void> {
  await app.register(async (suno) => {
    suno.setErrorHandler((error: FastifyError, request, reply) => {
      closeSoonIfUnread(request);
      const sunoErr = toSunoError(error);
      if (sunoErr.status >= 500 && sunoErr.code === 'internal_error')
        request.log.error({ err: error }, 'suno relay failed');
      return reply.code(sunoErr.status).send(sunoErrorBody(inLanguage(sunoErr, requestLanguage(request))));
    });
    suno.post('/suno/submit/:action', async (request, reply) => {
      const answer = await submitSuno(suno, runtime, request);
      return reply.code(answer.status).send(answer.body);
    });
    suno.post('/suno/fetch', (request) => fetchSunoTasks(suno, request));
    suno.get('/suno/fetch/:id', (request) => fetchSunoTask(suno, request));
  });
}
