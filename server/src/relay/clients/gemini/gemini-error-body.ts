import type { Json } from '../../formats/types.ts';

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
