import { describe, expect, it } from 'vitest';
import { fixtureJson, fixtureText, fixturesAvailable } from '../../../../test/support/fixtures.ts';
import {
  geminiErrorMessage,
  geminiErrorStatus,
  geminiKeyInvalid,
  geminiRetryDelaySeconds,
  readGeminiError,
} from './gemini-error.ts';

describe('geminiErrorMessage', () => {
  it('reads the message of an error body, or of the first of a list', () => {
    const body = { error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } };
    expect(geminiErrorMessage(body)).toBe('API key not valid.');
    expect(geminiErrorMessage([body])).toBe('API key not valid.');
  });

  it('falls back to the status, the code, or the plain text', () => {
    expect(geminiErrorMessage({ error: { code: 503, status: 'UNAVAILABLE' } })).toBe('UNAVAILABLE');
    expect(geminiErrorMessage({ error: { code: 500 } })).toBe('Gemini error 500');
    expect(geminiErrorMessage('  upstream timed out \n')).toBe('upstream timed out');
    expect(geminiErrorMessage({})).toBe('Gemini error');
  });
});

describe('geminiRetryDelaySeconds', () => {
  it('answers undefined without a RetryInfo detail', () => {
    expect(geminiRetryDelaySeconds({ error: { code: 429, details: [] } })).toBeUndefined();
    expect(geminiRetryDelaySeconds(undefined)).toBeUndefined();
  });
});

/** Gemini's documented answer to an invalid key: HTTP 400 INVALID_ARGUMENT with an ErrorInfo reason. */
const INVALID_KEY = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
      },
    ],
  },
};

describe('readGeminiError', () => {
  it('disables the channel when the key itself is invalid, not on other bad requests', () => {
    expect(geminiKeyInvalid(INVALID_KEY)).toBe(true);
    expect(readGeminiError(400, {}, JSON.stringify(INVALID_KEY))).toMatchObject({
      message: 'API key not valid. Please pass a valid API key.',
      disables: true,
    });
    const other = { error: { code: 400, message: 'bad schema', status: 'INVALID_ARGUMENT' } };
    expect(readGeminiError(400, {}, JSON.stringify(other))).toEqual({
      message: 'bad schema',
      retryAfterSeconds: undefined,
    });
  });

  it('reads a list of errors as streams send them, and other shapes generically', () => {
    expect(
      readGeminiError(503, {}, JSON.stringify([{ error: { code: 503, status: 'UNAVAILABLE' } }])).message,
    ).toBe('UNAVAILABLE');
    expect(readGeminiError(502, { 'retry-after': '4' }, '{"message":"proxy down"}')).toEqual({
      message: 'proxy down',
      retryAfterSeconds: 4,
    });
    expect(readGeminiError(500, {}, '').message).toBe('upstream answered HTTP 500');
  });
});

describe.skipIf(!fixturesAvailable)('the recorded 429 quota error', () => {
  const body = fixturesAvailable
    ? fixtureJson<{ error: { message: string } }>('google/google-429-retry-info.json')
    : undefined;

  it('gives its message, status and retry delay', () => {
    expect(geminiErrorMessage(body)).toBe(body!.error.message);
    expect(geminiErrorMessage(body)).toMatch(/quota/);
    expect(geminiErrorStatus(body)).toBe('RESOURCE_EXHAUSTED');
    expect(geminiRetryDelaySeconds(body)).toBe(34.4);
  });

  it('is read with its RetryInfo delay, which a Retry-After header overrides', () => {
    const text = fixtureText('google/google-429-retry-info.json');
    expect(readGeminiError(429, {}, text)).toEqual({ message: body!.error.message, retryAfterSeconds: 34.4 });
    expect(readGeminiError(429, { 'retry-after': '10' }, text).retryAfterSeconds).toBe(10);
    expect(readGeminiError(429, {}, text).disables).toBeUndefined();
  });
});
