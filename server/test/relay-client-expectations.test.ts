import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureChunks, fixtureJson, fixturesAvailable, geminiEvents } from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

/** What real client libraries rely on beyond the call itself: reasoning-model parameters, model lookups, token counts. */
describe.skipIf(databaseUnavailable() || !fixturesAvailable)('What clients rely on', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let key: string;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    await seedChannel(t, {
      type: 1,
      baseUrl: `${mock.url}/openai`,
      models: ['gpt-5', 'o3-mini', 'gpt-4o-mini'],
    });
    await seedChannel(t, { type: 14, baseUrl: `${mock.url}/claude`, models: ['claude-sonnet-4-5-20250929'] });
    await seedChannel(t, { type: 1, baseUrl: `${mock.url}/limited`, models: ['gpt-4.1'] });
    await seedChannel(t, { type: 24, baseUrl: `${mock.url}/google`, models: ['gemini-2.5-flash'] });
    key = (await seedToken(t)).key;
    mock.reply('/openai/v1/chat/completions', { json: fixtureJson('openai/chat/openai-text.json') });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  const openai = () => new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
  const anthropic = (apiKey = key) => new Anthropic({ apiKey, baseURL: t.url, maxRetries: 0 });
  const google = (apiVersion?: string) =>
    new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: t.url, ...(apiVersion ? { apiVersion } : {}) } });
  const sent = () => mock.requests.at(-1)!.json!;

  it('gives OpenAI reasoning models max_completion_tokens and no sampling settings, whatever the client spoke', async () => {
    await anthropic().messages.create({
      model: 'gpt-5',
      max_tokens: 321,
      // Older Anthropic clients (and Claude Code) still send it; this SDK's types no longer list it.
      ...({ temperature: 0.3 } as object),
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(sent()).toMatchObject({ model: 'gpt-5', max_completion_tokens: 321 });
    expect(sent()).not.toHaveProperty('max_tokens');
    expect(sent()).not.toHaveProperty('temperature');

    await openai().chat.completions.create({
      model: 'o3-mini',
      max_tokens: 99,
      top_p: 0.5,
      presence_penalty: 1,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(sent()).toMatchObject({ max_completion_tokens: 99 });
    for (const field of ['max_tokens', 'top_p', 'presence_penalty']) expect(sent()).not.toHaveProperty(field);

    await openai().chat.completions.create({
      model: 'gpt-4o-mini',
      max_tokens: 99,
      temperature: 0.7,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(sent()).toMatchObject({ max_tokens: 99, temperature: 0.7 });
  });

  it('answers GET /v1/models/{id} in the OpenAI, Anthropic and Gemini shapes, and 404 in each for a model not served', async () => {
    expect(await openai().models.retrieve('gpt-5')).toMatchObject({ id: 'gpt-5', object: 'model' });
    await expect(openai().models.retrieve('gpt-9')).rejects.toBeInstanceOf(OpenAI.NotFoundError);

    expect(await anthropic().models.retrieve('claude-sonnet-4-5-20250929')).toMatchObject({
      type: 'model',
      id: 'claude-sonnet-4-5-20250929',
    });
    const missing = await anthropic()
      .models.retrieve('claude-0')
      .catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
    expect((missing as { error: unknown }).error).toMatchObject({
      type: 'error',
      error: { type: 'not_found_error' },
    });

    expect(await google().models.get({ model: 'gpt-4o-mini' })).toMatchObject({ name: 'models/gpt-4o-mini' });
    const geminiMissing = await google()
      .models.get({ model: 'gemini-0' })
      .catch((e: unknown) => e);
    expect(String(geminiMissing)).toContain('NOT_FOUND');
  });

  it("lists models for @google/genai on /v1beta and /v1, and refuses a bad key in each caller's own shape", async () => {
    const names = async (apiVersion?: string) => {
      const found: string[] = [];
      for await (const model of await google(apiVersion).models.list()) found.push(String(model.name));
      return found.sort();
    };
    const expected = [
      'models/claude-sonnet-4-5-20250929',
      'models/gemini-2.5-flash',
      'models/gpt-4.1',
      'models/gpt-4o-mini',
      'models/gpt-5',
      'models/o3-mini',
    ];
    expect(await names()).toEqual(expected);
    expect(await names('v1')).toEqual(expected);

    const refused = await anthropic('sk-wrong')
      .models.list()
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((refused as { error: unknown }).error).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error' },
    });
    const gemini = await fetch(`${t.url}/v1/models?key=sk-wrong`);
    expect(gemini.status).toBe(401);
    expect(await gemini.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });

  it("passes a 429's retry delay on: Retry-After for every client, RetryInfo for Gemini's", async () => {
    mock.reply('/limited/v1/chat/completions', {
      status: 429,
      json: { error: { message: 'Rate limit reached', type: 'requests' } },
      headers: { 'retry-after': '12' },
    });
    const fromOpenAI = await openai()
      .chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e);
    expect(fromOpenAI).toBeInstanceOf(OpenAI.RateLimitError);
    expect((fromOpenAI as InstanceType<typeof OpenAI.APIError>).headers?.get('retry-after')).toBe('12');
    const fromAnthropic = await anthropic()
      .messages.create({ model: 'gpt-4.1', max_tokens: 10, messages: [{ role: 'user', content: 'Hi' }] })
      .catch((e: unknown) => e);
    expect(fromAnthropic).toBeInstanceOf(Anthropic.RateLimitError);
    expect((fromAnthropic as InstanceType<typeof Anthropic.APIError>).headers?.get('retry-after')).toBe('12');

    mock.reply('/google/v1beta/models/gemini-2.5-flash:generateContent', {
      status: 429,
      json: fixtureJson('google/google-429-retry-info.json'),
    });
    const answer = await fetch(`${t.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }),
    });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('35');
    expect(await answer.json()).toMatchObject({
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '34.4s' }],
      },
    });
    const fromGoogle = await google()
      .models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hi' })
      .catch((e: unknown) => e);
    expect(String(fromGoogle)).toContain('RetryInfo');
  });

  it('keeps an explicit thinking budget exact between the Anthropic and Gemini formats', async () => {
    mock.reply('/google/v1beta/models/gemini-2.5-flash:generateContent', {
      json: fixtureJson('google/google-text.json'),
    });
    await anthropic().messages.create({
      model: 'gemini-2.5-flash',
      max_tokens: 9000,
      thinking: { type: 'enabled', budget_tokens: 5000 },
      messages: [{ role: 'user', content: 'Think' }],
    });
    expect(sent().generationConfig).toMatchObject({ thinkingConfig: { thinkingBudget: 5000 } });

    mock.reply('/claude/v1/messages', { json: fixtureJson('anthropic/anthropic-text.json') });
    await google().models.generateContent({
      model: 'claude-sonnet-4-5-20250929',
      contents: 'Think',
      config: { maxOutputTokens: 8000, thinkingConfig: { thinkingBudget: 3000 } },
    });
    expect(sent()).toMatchObject({ max_tokens: 8000, thinking: { type: 'enabled', budget_tokens: 3000 } });
  });

  it('reports input tokens in message_start of an Anthropic stream converted from another format', async () => {
    const path = 'google/google-text.chunks.txt';
    mock.reply('/google/v1beta/models/gemini-2.5-flash:streamGenerateContent', {
      events: geminiEvents(path),
    });
    const first = JSON.parse(fixtureChunks(path)[0]!) as { usageMetadata: { promptTokenCount: number } };
    const startOf = async (model: string) => {
      const stream = await anthropic().messages.create({
        model,
        max_tokens: 100,
        stream: true,
        messages: [{ role: 'user', content: 'Hello there, how are you today? '.repeat(20) }],
      });
      for await (const event of stream) if (event.type === 'message_start') return event.message.usage;
      throw new Error('no message_start');
    };
    expect((await startOf('gemini-2.5-flash')).input_tokens).toBe(first.usageMetadata.promptTokenCount);
    // OpenAI sends usage only at the end: message_start has the gateway's estimate meanwhile.
    mock.reply('/openai/v1/chat/completions', {
      sse: fixtureChunks('openai/chat/openai-text.chunks.txt'),
    });
    expect((await startOf('gpt-4o-mini')).input_tokens).toBeGreaterThan(100);
  });

  it('counts tokens for the Anthropic and Gemini clients without calling a channel', async () => {
    const before = mock.requests.length;
    const short = await anthropic().messages.countTokens({
      model: 'claude-sonnet-4-5-20250929',
      messages: [{ role: 'user', content: 'Hello' }],
    });
    const long = await anthropic().messages.countTokens({
      model: 'claude-sonnet-4-5-20250929',
      system: 'You answer in verse.',
      messages: [{ role: 'user', content: 'Hello there, how many tokens is this sentence?' }],
    });
    expect(short.input_tokens).toBeGreaterThan(0);
    expect(long.input_tokens).toBeGreaterThan(short.input_tokens);

    const counted = await google().models.countTokens({
      model: 'gpt-4o-mini',
      contents: 'Hello there, friend',
    });
    expect(counted.totalTokens).toBeGreaterThan(0);
    expect(mock.requests.length).toBe(before);
  });
});
