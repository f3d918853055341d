import { describe, expect, it } from 'vitest';
import { anthropicErrorBody, geminiErrorBody } from './error-shapes.ts';

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

describe('geminiErrorBody', () => {
  it("names the status after Google's codes, falling back by class", () => {
    const statuses = [400, 401, 403, 404, 429, 500, 503, 504, 402, 502].map(
      (status) => (geminiErrorBody(status, 'm').error as { status: string }).status,
    );
    expect(statuses).toEqual([
      'INVALID_ARGUMENT',
      'UNAUTHENTICATED',
      'PERMISSION_DENIED',
      'NOT_FOUND',
      'RESOURCE_EXHAUSTED',
      'INTERNAL',
      'UNAVAILABLE',
      'DEADLINE_EXCEEDED',
      'FAILED_PRECONDITION',
      'INTERNAL',
    ]);
    expect(geminiErrorBody(404, 'no model')).toEqual({
      error: { code: 404, message: 'no model', status: 'NOT_FOUND' },
    });
  });
});
