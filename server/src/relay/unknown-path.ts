import type { FastifyRequest } from 'fastify';
import { clientErrorBody } from './client-errors.ts';
import { RelayError } from './relay-error.ts';
import { modelListFormat } from './routes-models.ts';

/**
 * The 404 body for a path the relay does not serve, in the shape of the client calling it: Gemini's
 * under /v1beta, else as the model list picks it (Anthropic's when anthropic-version comes, Gemini's
 * for a Google key, OpenAI's otherwise). Null outside the relay's paths.
 */
export function unknownRelayPathBody(request: FastifyRequest, message: string): unknown {
  if (!request.url.startsWith('/v1')) return null;
  const format = request.url.startsWith('/v1beta') ? 'gemini' : modelListFormat(request);
  return clientErrorBody(
    format,
    new RelayError(404, message, 'not_found', 'invalid_request_error'),
    request.id,
  );
}
