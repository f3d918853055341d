import { describe, expect, it } from 'vitest';
import { readAnthropicError } from './anthropic-error.ts';

/** Anthropic's documented error body: {type: "error", error: {type, message}}. */
const body = (type: string, message: string) => JSON.stringify({ type: 'error', error: { type, message } });

describe('reading an Anthropic error', () => {
  it('retries elsewhere when Anthropic is overloaded, by status or by type', () => {
    expect(readAnthropicError(529, {}, body('overloaded_error', 'Overloaded'))).toMatchObject({
      message: 'Overloaded',
      retryable: true,
    });
    expect(readAnthropicError(529, {}, '').retryable).toBe(true);
    expect(readAnthropicError(500, {}, body('overloaded_error', 'Overloaded')).retryable).toBe(true);
  });

  it('disables the channel on an authentication error only', () => {
    const auth = readAnthropicError(401, {}, body('authentication_error', 'invalid x-api-key'));
    expect(auth).toMatchObject({ message: 'invalid x-api-key', disables: true });
    expect(auth.retryable).toBeUndefined();
    const invalid = readAnthropicError(400, {}, body('invalid_request_error', 'max_tokens: Field required'));
    expect(invalid).toEqual({ message: 'max_tokens: Field required', retryAfterSeconds: undefined });
  });

  it('takes the rate limit delay from Retry-After', () => {
    const limited = readAnthropicError(429, { 'retry-after': '30' }, body('rate_limit_error', 'slow down'));
    expect(limited).toMatchObject({ message: 'slow down', retryAfterSeconds: 30 });
  });
});
