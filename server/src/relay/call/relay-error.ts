import type { Language } from '../../i18n/language.ts';
import { msg, render, type Text } from '../../i18n/text.ts';

/**
 * An error answered to a relay caller, in the caller's format, with a real HTTP status. Its
 * message is given as a catalogue Text where a person may read it (the console's playground), so
 * it is answered in the caller's language; `message` is always the English words.
 */
export class RelayError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | null;
  readonly text: Text | undefined;
  /** Sent as Retry-After (and in Gemini's RetryInfo): how long the caller should wait. */
  retryAfterSeconds?: number;
  /** Headers sent with the error (Retry-After of a limit). */
  headers?: Record<string, string>;
  constructor(status: number, message: string | Text, code: string | null = null, type = 'new_api_error') {
    super(typeof message === 'string' ? message : render(message, 'en'));
    this.text = typeof message === 'string' ? undefined : message;
    this.status = status;
    this.code = code;
    this.type = type;
  }
}

/** The same error with its message in `language` (itself when it has no Text or the language is English). */
export function inLanguage(error: RelayError, language: Language): RelayError {
  if (!error.text || language === 'en') return error;
  const localized = new RelayError(error.status, render(error.text, language), error.code, error.type);
  localized.retryAfterSeconds = error.retryAfterSeconds;
  localized.headers = error.headers;
  return localized;
}

/** A malformed call: HTTP 400, invalid_request_error. */
export const invalidRequest = (message: string): RelayError =>
  new RelayError(400, message, 'invalid_request', 'invalid_request_error');

/** The database is down or not answering: HTTP 503, so the caller retries later. */
export const databaseUnavailable = (): RelayError =>
  new RelayError(503, msg('http.databaseUnavailable'), 'database_unavailable', 'new_api_error');

/** This process still settles what its last run left behind (see settlements.ts): HTTP 503, retry soon. */
export function nodeRecovering(): RelayError {
  const error = new RelayError(503, msg('relay.nodeRecovering'), 'node_recovering');
  error.retryAfterSeconds = 2;
  return error;
}

/** The body as a JSON object, or a 400 saying it must be one. */
export function requireJsonObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidRequest('the request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** OpenAI's error shape; the request id is appended so users can quote it to the operator. */
export function toOpenAIError(error: RelayError, requestId: string): OpenAIErrorBody {
  return {
    error: {
      message: `${error.message} (request id: ${requestId})`,
      type: error.type,
      param: null,
      code: error.code,
    },
  };
}
