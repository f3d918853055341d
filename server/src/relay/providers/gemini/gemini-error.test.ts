import { describe, expect, it } from 'vitest';
import { fixtureJson, fixturesAvailable } from '../../../../test/support/fixtures.ts';
import { geminiErrorMessage, geminiErrorStatus, geminiRetryDelaySeconds } from './gemini-error.ts';

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
});
