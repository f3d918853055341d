import type { Json } from '../../formats/types.ts';

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
