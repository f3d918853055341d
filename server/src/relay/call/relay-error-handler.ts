import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { closeSoonIfUnread } from '../../http/unread-body.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { isDatabaseUnavailable } from '../../store/unavailable.ts';
import type { WireFormat } from '../formats/format-names.ts';
import { sharedPathFormat } from '../clients/registry.ts';
import { clientErrorBody } from './client-errors.ts';
import { databaseUnavailable, inLanguage, RelayError } from './relay-error.ts';

/**
 * Every relay error answered in the caller's format (its route's, or for the shared model list the
 * format its headers show), in its language, with its status and retry delay; an error of the
 * gateway itself is a 500 that says nothing of its inside.
 */
export const relayErrorHandler =
  (app: FastifyInstance) =>
  (error: FastifyError | RelayError, request: FastifyRequest, reply: FastifyReply) => {
    closeSoonIfUnread(request);
    const config = request.routeOptions.config as { format?: WireFormat; modelList?: boolean };
    const format = config.modelList ? sharedPathFormat(request) : (config.format ?? 'openai');
    if (error instanceof RelayError) {
      if (error.status === 429) app.metrics.relay.tooManyRequests(error.code ?? 'other');
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(Math.ceil(error.retryAfterSeconds)));
      return reply
        .headers(error.headers ?? {})
        .code(error.status)
        .send(clientErrorBody(format, inLanguage(error, requestLanguage(request)), request.id));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).send(clientErrorBody(format, databaseUnavailable(), request.id));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'relay failed');
    const message =
      status === 500
        ? 'internal error in the gateway'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'the request body is too large'
          : error.message;
    const code = status === 500 ? 'internal_error' : 'invalid_request';
    const relayError = new RelayError(status, message, code, 'invalid_request_error');
    return reply.code(status).send(clientErrorBody(format, relayError, request.id));
  };
