import { describe, expect, it } from 'vitest';
import { fixtureText, fixturesAvailable } from '../../../../test/support/fixtures.ts';
import { readOpenAIError } from './openai-error.ts';

describe('reading an OpenAI error', () => {
  it('disables the channel for a dead key or account, and only then', () => {
    const dead = JSON.stringify({
      error: { message: 'Incorrect API key provided', code: 'invalid_api_key' },
    });
    expect(readOpenAIError(401, {}, dead)).toMatchObject({
      message: 'Incorrect API key provided',
      disables: true,
    });
    const deactivated = '{"error":{"message":"gone","code":"account_deactivated"}}';
    expect(readOpenAIError(403, {}, deactivated).disables).toBe(true);
    expect(
      readOpenAIError(400, {}, '{"error":{"message":"bad","code":"model_not_found"}}').disables,
    ).toBeUndefined();
    expect(readOpenAIError(500, {}, 'not json').disables).toBeUndefined();
  });

  it('takes the delay from retry-after-ms or Retry-After, and never retries on its own', () => {
    const reading = readOpenAIError(429, { 'retry-after-ms': '2500' }, '{"error":{"message":"slow down"}}');
    expect(reading).toMatchObject({ message: 'slow down', retryAfterSeconds: 2.5 });
    expect(reading.retryable).toBeUndefined();
  });
});

describe.skipIf(!fixturesAvailable)('the recorded OpenAI errors', () => {
  it('give their messages, and a quota error does not disable by itself (the site keywords decide)', () => {
    const quota = readOpenAIError(429, {}, fixtureText('openai/responses/openai-error.1.json'));
    expect(quota.message).toMatch(/^You exceeded your current quota/);
    expect(quota.disables).toBeUndefined();
    const legacy = readOpenAIError(
      400,
      {},
      fixtureText('openai/chat/reasoning-model-legacy-parameter-error.json'),
    );
    expect(legacy.message).toBe(
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    );
    const temperature = readOpenAIError(
      400,
      {},
      fixtureText('openai/responses/reasoning-model-temperature-error.json'),
    );
    expect(temperature.message).toMatch(/'temperature' is not supported/);
  });
});
