import type { FastifyRequest } from 'fastify';

/** How long the rest of a body answered before it was read may still arrive before its connection closes. */
const LINGER_MS = 2_000;

/**
 * For a request refused before its body was read (a bad key, a limit, too large): Node goes on
 * reading the rest of the body to reuse the connection, which a client that sends it slowly would
 * stretch to the body timeout. Closing at once instead would reset a client still sending, before
 * it read the refusal; so the connection lingers a moment, then goes. Called by the error handlers,
 * so an answered call pays nothing for it.
 */
export function closeSoonIfUnread(request: FastifyRequest): void {
  if (request.raw.complete) return;
  const socket = request.raw.socket;
  setTimeout(() => {
    if (!request.raw.complete) socket.destroy();
  }, LINGER_MS).unref();
}
