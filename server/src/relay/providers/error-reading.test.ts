import { describe, expect, it } from 'vitest';
import {
  errorMessageOf,
  parseErrorBody,
  readClassifiedError,
  readErrorGenerically,
} from './error-reading.ts';

const message = (text: string, status = 400) => readErrorGenerically(status, {}, text).message;

describe('reading an error generically', () => {
  it('finds the message in every common shape', () => {
    expect(message('{"error":{"message":"bad model","type":"invalid_request_error"}}')).toBe('bad model');
    expect(message('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}')).toBe(
      'Overloaded',
    );
    expect(message('{"error":"quota gone"}')).toBe('quota gone');
    expect(message('{"message":"plain message"}')).toBe('plain message');
    expect(message('{"detail":"Not authenticated"}')).toBe('Not authenticated');
    expect(
      message('{"success":false,"errors":[{"code":7009,"message":"Upstream service unavailable"}]}'),
    ).toBe('Upstream service unavailable');
  });

  it('falls back to the text, cut at 500 characters, then to the status', () => {
    expect(message('  <html>Bad Gateway</html> ')).toBe('<html>Bad Gateway</html>');
    expect(message('x'.repeat(600))).toHaveLength(500);
    expect(message('', 503)).toBe('upstream answered HTTP 503');
    expect(message('{"error":{"message":""}}')).toBe('{"error":{"message":""}}');
  });

  it('takes the retry delay from the headers only', () => {
    expect(readErrorGenerically(429, { 'retry-after': '12' }, '{}').retryAfterSeconds).toBe(12);
    const rpc =
      '{"error":{"details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"3s"}]}}';
    expect(readErrorGenerically(429, {}, rpc).retryAfterSeconds).toBeUndefined();
  });

  it('lets a family add its classification to the generic reading', () => {
    const reading = readClassifiedError(529, {}, '{"error":{"message":"busy"}}', (body, status) => ({
      retryable: status === 529 && body !== undefined,
    }));
    expect(reading).toMatchObject({ message: 'busy', retryable: true });
  });

  it('parses JSON bodies and leaves others undefined', () => {
    expect(parseErrorBody('{"a":1}')).toEqual({ a: 1 });
    expect(parseErrorBody('not json')).toBeUndefined();
    expect(errorMessageOf(undefined, '', 500)).toBe('upstream answered HTTP 500');
  });
});
