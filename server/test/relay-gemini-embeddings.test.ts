import { GoogleGenAI } from '@google/genai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureJson, fixturesAvailable } from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { expectedQuota, lastLogAfter, seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

interface OpenAIEmbeddings {
  data: Array<{ index: number; embedding: number[] }>;
  usage: { prompt_tokens: number };
}

/** Gemini's embedContent and batchEmbedContents, served by an OpenAI channel (converted) or a Gemini one (passed through). */
describe.skipIf(databaseUnavailable() || !fixturesAvailable)('Gemini embeddings through the gateway', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let key: string;
  let calls = 0;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    await seedChannel(t, { type: 1, baseUrl: `${mock.url}/openai`, models: ['text-embedding-3-small'] });
    await seedChannel(t, { type: 24, baseUrl: `${mock.url}/google`, models: ['text-embedding-004'] });
    key = (await seedToken(t)).key;
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  const google = () => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: t.url } });
  const sent = () => mock.requests.at(-1)!;

  it('embeds through an OpenAI channel as /v1/embeddings, billed from its usage', async () => {
    const recorded = fixtureJson<OpenAIEmbeddings>('openai/embedding/openai-embedding.json');
    mock.reply('/openai/v1/embeddings', { json: recorded });
    calls++;
    const answer = await google().models.embedContent({
      model: 'text-embedding-3-small',
      contents: ['sunny day at the beach', 'rainy day in the city'],
      config: { outputDimensionality: 64 },
    });
    expect(answer.embeddings!.map((e) => e.values)).toEqual(
      [...recorded.data].sort((a, b) => a.index - b.index).map((d) => d.embedding),
    );
    expect(sent().json).toEqual({
      model: 'text-embedding-3-small',
      input: ['sunny day at the beach', 'rainy day in the city'],
      dimensions: 64,
    });
    const log = await lastLogAfter(t, calls);
    expect(log.prompt_tokens).toBe(recorded.usage.prompt_tokens);
    expect(Number(log.quota)).toBe(
      expectedQuota({ prompt: recorded.usage.prompt_tokens, completion: 0 }, { model: 0.01, completion: 1 }),
    );
  });

  it('answers a single embedContent call in its own shape', async () => {
    const recorded = fixtureJson<OpenAIEmbeddings>('openai/embedding/openai-embedding.json');
    mock.reply('/openai/v1/embeddings', { json: recorded });
    calls++;
    const response = await fetch(`${t.url}/v1beta/models/text-embedding-3-small:embedContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ content: { parts: [{ text: 'hello' }] } }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { embedding: { values: number[] } };
    expect(body.embedding.values).toEqual(recorded.data.find((d) => d.index === 0)!.embedding);
    await lastLogAfter(t, calls);
  });

  it('passes a batch through to a Gemini channel, naming the upstream model, and counts usage locally', async () => {
    const upstream = { embeddings: [{ values: [0.1, 0.2] }, { values: [0.3, 0.4] }] };
    mock.reply('/google/v1beta/models/text-embedding-004:batchEmbedContents', { json: upstream });
    calls++;
    const answer = await google().models.embedContent({
      model: 'text-embedding-004',
      contents: ['a b c', 'd e f'],
    });
    expect(answer.embeddings!.map((e) => e.values)).toEqual([
      [0.1, 0.2],
      [0.3, 0.4],
    ]);
    expect(sent().headers['x-goog-api-key']).toBeTruthy();
    expect((sent().json!.requests as Array<{ model: string }>).map((r) => r.model)).toEqual([
      'models/text-embedding-004',
      'models/text-embedding-004',
    ]);
    const log = await lastLogAfter(t, calls);
    expect(log.prompt_tokens).toBeGreaterThan(0);
  });

  it('refuses a batch without contents in the Gemini error shape', async () => {
    const response = await fetch(`${t.url}/v1beta/models/text-embedding-004:batchEmbedContents`, {
      method: 'POST',
      headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ model: 'models/text-embedding-004' }] }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });
});
