import type { FastifyReply } from 'fastify';
import { CallCancel } from './call-cancel.ts';

/**
 * Aborts when the client goes away before its answer was sent in full; the relay stops the upstream
 * call with it. Taken at the very start of a call: a client that left during an earlier await (the
 * key, the reservation) is seen as gone at once, not served and charged with nobody listening.
 */
export function abortOnHangUp(reply: FastifyReply): CallCancel {
  const cancel = new CallCancel();
  const response = reply.raw;
  const hungUp = () => {
    if (!response.writableFinished) cancel.hangUp();
  };
  if (response.destroyed || response.socket?.destroyed) hungUp();
  else response.once('close', hungUp);
  return cancel;
}
