import { parseErrorBody } from '../providers/error-reading.ts';
import type { AnswerFailure, ProviderFamily } from '../providers/provider-family.ts';
import { answerBytes, type UpstreamAnswer } from './upstream-answer.ts';
import { thenNow, type NowOrLater } from '../../cache/now-or-later.ts';

/** A 2xx answer looked into: the failure it holds, or its bytes (read whole) for delivery; neither when unread. */
export interface HeldAnswer {
  failure?: AnswerFailure;
  bytes?: Buffer;
}

/**
 * For a family whose provider tells failures with HTTP 200 (failureInAnswer), reads a JSON answer
 * whole (a non-stream answer is read whole to be converted anyway) and says whether it is one.
 * Streams, and every answer of the other families, are left unread.
 */
export function holdAnswer(family: ProviderFamily, response: UpstreamAnswer): NowOrLater<HeldAnswer> {
  const { failureInAnswer } = family;
  if (!failureInAnswer) return UNREAD;
  if (String(response.headers['content-type'] ?? '').includes('text/event-stream')) return UNREAD;
  return thenNow(answerBytes(response), (bytes) => {
    const failure = failureInAnswer(parseErrorBody(bytes.toString('utf8')));
    return failure ? { failure } : { bytes };
  });
}

const UNREAD: HeldAnswer = Object.freeze({});
