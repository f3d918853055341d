import { asArray, asNumber, asObject, asOptionalString } from '../../formats/json-read.ts';
import { parseErrorBody, readErrorGenerically, type UpstreamErrorReading } from '../error-reading.ts';
import { retryAfterSeconds, type ResponseHeaders } from '../retry-after.ts';

/** The `error` object of a Gemini error body: {error: …}, or a list of them as streams send. */
function errorObject(body: unknown): Record<string, unknown> | undefined {
  const first = Array.isArray(body) ? body[0] : body;
  return asObject(asObject(first)?.error);
}

/**
 * The human-readable message of a Gemini error body ({error: {code, message, status, details}}):
 * the message, else the status, else the code; the body itself when it is plain text.
 */
export function geminiErrorMessage(body: unknown): string {
  if (typeof body === 'string') return body.trim() || 'Gemini error';
  const error = errorObject(body);
  const code = asNumber(error?.code);
  return (
    asOptionalString(error?.message) ||
    asOptionalString(error?.status) ||
    (code === undefined ? '' : `Gemini error ${code}`) ||
    'Gemini error'
  );
}

/** The error's status name (RESOURCE_EXHAUSTED, INVALID_ARGUMENT…), if it has one. */
export function geminiErrorStatus(body: unknown): string | undefined {
  return asOptionalString(errorObject(body)?.status);
}

/** Seconds Gemini asks to wait before retrying (a google.rpc.RetryInfo detail such as "34.4s"). */
export function geminiRetryDelaySeconds(body: unknown): number | undefined {
  for (const raw of asArray(errorObject(body)?.details)) {
    const detail = asObject(raw);
    if (detail?.['@type'] !== 'type.googleapis.com/google.rpc.RetryInfo') continue;
    const match = /^(\d+(?:\.\d+)?)s$/.exec(asOptionalString(detail.retryDelay) ?? '');
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** Whether the error says the API key itself is invalid (an ErrorInfo detail with reason API_KEY_INVALID). */
export function geminiKeyInvalid(body: unknown): boolean {
  return asArray(errorObject(body)?.details).some((raw) => asObject(raw)?.reason === 'API_KEY_INVALID');
}

/**
 * A Gemini error ({error: {code, message, status, details}}, or a list of them): the retry delay
 * from Retry-After, else its RetryInfo detail; an invalid API key (HTTP 400) disables the channel.
 * A body of another shape (a proxy in front) is read generically.
 */
export function readGeminiError(
  status: number,
  headers: ResponseHeaders,
  text: string,
): UpstreamErrorReading {
  const body = parseErrorBody(text);
  if (errorObject(body) === undefined) return readErrorGenerically(status, headers, text, body);
  const reading: UpstreamErrorReading = {
    message: geminiErrorMessage(body),
    retryAfterSeconds: retryAfterSeconds(headers) ?? geminiRetryDelaySeconds(body),
  };
  return geminiKeyInvalid(body) ? { ...reading, disables: true } : reading;
}
