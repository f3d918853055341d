import { asNumber, asObject, asString } from '../../formats/json-read.ts';
import { parseErrorBody, readErrorGenerically, type UpstreamErrorReading } from '../error-reading.ts';
import type { AnswerFailure } from '../provider-family.ts';
import type { ResponseHeaders } from '../retry-after.ts';

/** Coze's error codes that say more than "a bad request". */
const KNOWN: Record<number, { status: number; retryable?: true; disables?: true }> = {
  4100: { status: 401, disables: true }, // the token is invalid or expired
  4101: { status: 403, disables: true }, // the token lacks the permission (or the bot is not published to the API)
  4013: { status: 429, retryable: true }, // too many requests
};

/**
 * The failure in a Coze JSON answer ({code, msg}, code 0 meaning success), which Coze may send
 * with HTTP 200: a refused token disables the channel, a rate limit is worth another channel,
 * Coze's own failures (5xxx) too; any other code is a bad request. Undefined for no failure.
 */
export function cozeAnswerFailure(answer: unknown): AnswerFailure | undefined {
  const body = asObject(answer);
  const code = asNumber(body?.code);
  if (code === undefined || code === 0) return undefined;
  const known = KNOWN[code] ?? (code >= 5000 ? { status: 500, retryable: true as const } : { status: 400 });
  const { status, retryable, disables } = known;
  return {
    status,
    error: {
      message: `${asString(body?.msg) || 'Coze refused the call'} (code ${code})`,
      ...(retryable && { retryable }),
      ...(disables && { disables }),
    },
  };
}

/** An error answer with an HTTP error status: Coze's {code, msg} when it is one, else read generically. */
export function readCozeError(status: number, headers: ResponseHeaders, text: string): UpstreamErrorReading {
  const body = parseErrorBody(text);
  const generic = readErrorGenerically(status, headers, text, body);
  const failure = cozeAnswerFailure(body);
  return failure ? { ...generic, ...failure.error } : generic;
}
