import { retryAfterSeconds, type ResponseHeaders } from './retry-after.ts';

/**
 * What a family reads in an upstream's error answer. The site's rules (AutomaticRetryStatusCodes,
 * AutomaticDisable*) stay generic and apply to every family; a family only adds what it knows.
 */
export interface UpstreamErrorReading {
  /** The human-readable message out of the error body. */
  message: string;
  /** Seconds the upstream asked to wait before calling again (Retry-After, Gemini's RetryInfo). */
  retryAfterSeconds?: number;
  /** The family knows the failure is worth another channel (Anthropic's 529 overloaded), whatever the site's retry codes. */
  retryable?: boolean;
  /** The family knows the channel's account cannot work (an invalid key), whatever the site's disable codes. */
  disables?: boolean;
}

/** An error body as JSON, or undefined when it is not JSON. */
export function parseErrorBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A field of a JSON object, or undefined. */
export const fieldOf = (value: unknown, name: string): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;

/**
 * The message inside an error body, whatever shape the upstream used: `error` as a string,
 * `error.message` (OpenAI, Anthropic, Gemini), `message`, `detail`, the first of `errors[].message`
 * (Cloudflare's API envelope); else the text itself, else the status.
 */
export function errorMessageOf(body: unknown, text: string, status: number): string {
  const error = fieldOf(body, 'error');
  if (typeof error === 'string') return error;
  const nested = fieldOf(error, 'message');
  if (typeof nested === 'string' && nested !== '') return nested;
  for (const name of ['message', 'detail']) {
    const value = fieldOf(body, name);
    if (typeof value === 'string') return value;
  }
  const errors = fieldOf(body, 'errors');
  const first = Array.isArray(errors) ? fieldOf(errors[0], 'message') : undefined;
  if (typeof first === 'string' && first !== '') return first;
  const trimmed = text.trim().slice(0, 500);
  return trimmed !== '' ? trimmed : `upstream answered HTTP ${status}`;
}

/** An error read the way any HTTP API is: the message by its common shapes, the delay by its headers. */
export function readErrorGenerically(
  status: number,
  headers: ResponseHeaders,
  text: string,
  /** The text as JSON, when the caller parsed it already. */
  body: unknown = parseErrorBody(text),
): UpstreamErrorReading {
  return {
    message: errorMessageOf(body, text, status),
    retryAfterSeconds: retryAfterSeconds(headers),
  };
}

/** A field of an error body's `error` object ({error: {type, code, …}}), or undefined. */
export const errorField = (body: unknown, name: string): unknown => fieldOf(fieldOf(body, 'error'), name);

/** What a family concludes from an error body on top of the generic reading. */
export type ErrorClassifier = (
  body: unknown,
  status: number,
) => Pick<UpstreamErrorReading, 'retryable' | 'disables'>;

/** An error read generically, then classified by the family from its parsed body. */
export function readClassifiedError(
  status: number,
  headers: ResponseHeaders,
  text: string,
  classify: ErrorClassifier,
): UpstreamErrorReading {
  const body = parseErrorBody(text);
  return { ...readErrorGenerically(status, headers, text, body), ...classify(body, status) };
}
