import type { FastifyInstance } from 'fastify';
import { LimitRefusal, type Admission } from '../../limits/index.ts';
import { CHANNELS_BUSY_TEXT } from '../../limits/refusal-text.ts';
import { msg, type Text } from '../../i18n/text.ts';
import type { Caller } from './caller.ts';
import type { RelayBody } from './relay-body.ts';
import { RelayError } from './relay-error.ts';
import { promptText } from '../answer/token-counter.ts';
import { caught, type NowOrLater } from '../../cache/now-or-later.ts';

/** What the usage log names of a refused call. */
export interface CallNames {
  model: string;
  requestId: string;
}

/** A limit's refusal as the relay answers it: 429 in the caller's format, with Retry-After. */
export function limitExceeded(message: Text, code: string, retryAfterSeconds: number): RelayError {
  const error = new RelayError(429, message, code, 'rate_limit_error');
  error.headers = { 'retry-after': String(retryAfterSeconds) };
  return error;
}

/** Puts a refused call in the usage log (an error row saying which limit and why). */
function logRefusal(app: FastifyInstance, caller: Caller, call: CallNames, code: string, reason: Text) {
  app.limits.refusals.add({
    userId: caller.userId,
    username: caller.username,
    tokenId: caller.tokenId,
    tokenName: caller.tokenName,
    group: caller.group,
    model: call.model,
    requestId: call.requestId,
    code,
    reason,
  });
}

/**
 * Counts the call against the caller's rate limits, budget and concurrency (see limits/gate.ts):
 * at once when no limit counts it. A refusal is logged and thrown as the caller's 429.
 */
export function admitCall(
  app: FastifyInstance,
  caller: Caller,
  call: CallNames & { estimate: number },
): NowOrLater<Admission> {
  const refused = (error: unknown): never => {
    if (!(error instanceof LimitRefusal)) throw error;
    logRefusal(app, caller, call, error.code, error.text);
    throw limitExceeded(error.text, error.code, error.retryAfterSeconds);
  };
  return caught(
    () =>
      app.limits.gate.admit(
        { userId: caller.userId, group: caller.group, tokenId: caller.tokenId, limits: caller.limits },
        call.estimate,
      ),
    refused,
  );
}

/** Every capped channel able to serve the call is busy: logged, and answered 429. */
export function channelsFull(app: FastifyInstance, caller: Caller, call: CallNames): RelayError {
  logRefusal(app, caller, call, 'channels_busy', CHANNELS_BUSY_TEXT);
  return limitExceeded(CHANNELS_BUSY_TEXT, 'channels_busy', 1);
}

/** new-api's sensitive-word check on the prompt: refused naming no word (the list is the operator's). */
export function refuseSensitivePrompt(app: FastifyInstance, body: RelayBody): void {
  const { sensitive } = app.limits;
  if (!body.json || !sensitive.checkingPrompts) return;
  if (sensitive.contains(promptText(body.json))) {
    throw new RelayError(
      400,
      msg('relay.sensitivePrompt'),
      'sensitive_words_detected',
      'invalid_request_error',
    );
  }
}
