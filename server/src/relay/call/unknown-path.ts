import type { FastifyRequest } from 'fastify';
import { clientErrorBody } from './client-errors.ts';
import { mjBadRequest, mjErrorBody } from '../midjourney/wire.ts';
import { RelayError } from './relay-error.ts';
import { sharedPathFormat } from '../clients/registry.ts';
import { sunoError, sunoErrorBody } from '../suno/wire.ts';

/**
 * The 404 body for a path the relay does not serve, in the shape of the client calling it, as the
 * client adaptors recognise their libraries (clients/registry.ts). Null outside the relay's paths.
 */
export function unknownRelayPathBody(request: FastifyRequest, message: string): unknown {
  // Midjourney clients read midjourney-proxy's shape (relay/midjourney/wire.ts).
  if (/^\/mj(-[a-z]+)?\//.test(request.url)) return mjErrorBody(mjBadRequest(message));
  // Suno clients read new-api's task shape (relay/suno/wire.ts).
  if (/^\/suno\//.test(request.url)) return sunoErrorBody(sunoError(404, 'not_found', message));
  if (!request.url.startsWith('/v1')) return null;
  return clientErrorBody(
    sharedPathFormat(request),
    new RelayError(404, message, 'not_found', 'invalid_request_error'),
    request.id,
  );
}
