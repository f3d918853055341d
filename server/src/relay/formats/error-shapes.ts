import type { Json } from './types.ts';

const ANTHROPIC_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/** An error body as the Anthropic Messages API sends it, its type chosen by the HTTP status. */
export function anthropicErrorBody(status: number, message: string): Json {
  return { type: 'error', error: { type: ANTHROPIC_TYPES[status] ?? 'api_error', message } };
}

const GEMINI_STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** An error body as the Gemini API sends it (Google's status names); other 4xx/5xx fall back by class. */
export function geminiErrorBody(status: number, message: string, retryAfterSeconds?: number): Json {
  const text =
    GEMINI_STATUSES[status] ?? (status >= 400 && status < 500 ? 'FAILED_PRECONDITION' : 'INTERNAL');
  const error: Json = { code: status, message, status: text };
  // Google's clients read the wait from a RetryInfo detail, as Gemini itself sends it.
  if (retryAfterSeconds !== undefined)
    error.details = [
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterSeconds}s` },
    ];
  return { error };
}
