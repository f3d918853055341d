import type { FastifyRequest } from 'fastify';

/** How long the rest of a body answered before it was read may still arrive before its connection closes. */
const LINGER_MS = 2_000;
/** The longest a client still sending in bulk is given to read the answer (nginx's lingering_time). */
const LINGER_MAX_MS = 30_000;
/** Bytes per linger that mark a client sending in bulk, not trickling: it has not read the answer yet. */
const BULK_BYTES = 64 * 1024;

/**
 * For a request refused before its body was read (a bad key, a limit, too large): Node goes on
 * reading the rest of the body to reuse the connection, which a client that sends it slowly would
 * stretch to the body timeout. Closing at once instead would reset a client still sending, before
 * it read the refusal (the reset discards what it has not read); so the connection lingers a
 * moment, then goes. A client still sending in bulk at the end of a linger (a large upload on a
 * busy machine that has not yet looked at the answer) gets another, up to LINGER_MAX_MS; one that
 * trickles does not. Called by the error handlers, so an answered call pays nothing for it.
 */
export function closeSoonIfUnread(request: FastifyRequest): void {
  if (request.raw.complete) return;
  const socket = request.raw.socket;
  const lingerEnds = performance.now() + LINGER_MAX_MS;
  let bytesSeen = socket.bytesRead;
  const lingerOver = () => {
    if (request.raw.complete || socket.destroyed) return;
    const sentSince = socket.bytesRead - bytesSeen;
    bytesSeen = socket.bytesRead;
    if (sentSince >= BULK_BYTES && performance.now() < lingerEnds) setTimeout(lingerOver, LINGER_MS).unref();
    else socket.destroy();
  };
  setTimeout(lingerOver, LINGER_MS).unref();
}
