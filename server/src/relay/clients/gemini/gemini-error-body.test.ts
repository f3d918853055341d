import { describe, expect, it } from 'vitest';
import { geminiErrorBody } from './gemini-error-body.ts';

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
