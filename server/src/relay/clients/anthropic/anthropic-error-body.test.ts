import { describe, expect, it } from 'vitest';
import { anthropicErrorBody } from './anthropic-error-body.ts';

describe('anthropicErrorBody', () => {
  it('names the error type after the status', () => {
    const types = [400, 401, 403, 404, 413, 429, 529, 500, 502].map(
      (status) => (anthropicErrorBody(status, 'm').error as { type: string }).type,
    );
    expect(types).toEqual([
      'invalid_request_error',
      'authentication_error',
      'permission_error',
      'not_found_error',
      'request_too_large',
      'rate_limit_error',
      'overloaded_error',
      'api_error',
      'api_error',
    ]);
    expect(anthropicErrorBody(429, 'slow down')).toEqual({
      type: 'error',
      error: { type: 'rate_limit_error', message: 'slow down' },
    });
  });
});
