import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockUpstream } from './support/mock-upstream.ts';
import { expectedQuota, lastLogAfter, seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

// No recordings exist for these endpoints, so the upstream answers are written here in the providers' documented shapes.
describe.skipIf(databaseUnavailable())('moderations, speech, rerank and translations', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let client: OpenAI;
  let key: string;
  let calls = 0;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    await seedChannel(t, {
      baseUrl: mock.url,
      models: ['text-moderation-stable', 'tts-1', 'whisper-1', 'rerank-lite'],
    });
    const root = await t.server.store.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    await t.server.settings.set(
      'ModelRatio',
      JSON.stringify({ ...t.server.settings.json('ModelRatio'), 'rerank-lite': 0.01 }),
    );
    key = (await seedToken(t, { userId: root.id })).key;
    client = new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  const lastLog = () => lastLogAfter(t, calls);

  it('moderations default to text-moderation-stable and, with no usage upstream, count the input locally', async () => {
    mock.reply('/v1/moderations', {
      json: { id: 'modr-1', model: 'text-moderation-007', results: [{ flagged: false }] },
    });
    calls++;
    const result = await client.moderations.create({
      input: 'I love sunny days',
    } as OpenAI.ModerationCreateParams);
    expect(result.results[0]!.flagged).toBe(false);
    expect(mock.requests.at(-1)!.json!.model).toBe('text-moderation-stable');
    const log = await lastLog();
    expect(log.model_name).toBe('text-moderation-stable');
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(JSON.parse(log.other!).local_count).toBe(true);
  });

  it('streams speech audio back as bytes and bills the input characters', async () => {
    const audio = Buffer.from('ID3\u0004fake-mp3-bytes');
    mock.handler('/v1/audio/speech', () => ({
      text: audio.toString('latin1'),
      headers: { 'content-type': 'audio/mpeg' },
    }));
    calls++;
    const input = 'Hello from the gateway';
    const response = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input });
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await response.arrayBuffer()).toString('latin1')).toBe(audio.toString('latin1'));
    const log = await lastLog();
    expect(log.prompt_tokens).toBe(input.length);
    expect(Number(log.quota)).toBe(
      expectedQuota({ prompt: input.length, completion: 0 }, { model: 7.5, completion: 1 }),
    );
  });

  it('relays rerank with its usage', async () => {
    mock.reply('/v1/rerank', {
      json: { results: [{ index: 1, relevance_score: 0.9 }], usage: { prompt_tokens: 40, total_tokens: 40 } },
    });
    calls++;
    const response = await fetch(`${t.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'rerank-lite', query: 'sun', documents: ['rain', 'sun'] }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { results: unknown[] }).results).toHaveLength(1);
    const log = await lastLog();
    expect(log.prompt_tokens).toBe(40);
    expect(Number(log.quota)).toBe(
      expectedQuota({ prompt: 40, completion: 0 }, { model: 0.01, completion: 1 }),
    );
  });

  it('relays translations as multipart and counts the text when the upstream sends no duration', async () => {
    mock.reply('/v1/audio/translations', { json: { text: 'Good morning, everyone.' } });
    calls++;
    const result = await client.audio.translations.create({
      model: 'whisper-1',
      file: await toFile(Buffer.from('fake audio'), 'greeting.mp3', { type: 'audio/mpeg' }),
    });
    expect(result.text).toBe('Good morning, everyone.');
    const log = await lastLog();
    expect(log.completion_tokens).toBeGreaterThan(0);
  });

  it('refuses a multipart endpoint called with JSON, in the OpenAI error shape', async () => {
    const response = await fetch(`${t.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'whisper-1' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('invalid_request_error');
  });

  it('answers a broken upload 400 and an upload to a JSON endpoint 415, in the OpenAI shape, calling no upstream', async () => {
    const seen = mock.requests.length;
    const multipart = (path: string, body: string, boundary = 'b0undary') =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body,
      });
    const cut = '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF';
    const broken = await multipart('/v1/audio/transcriptions', cut);
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({
      error: { message: /not valid multipart/, type: 'invalid_request_error' },
    });
    const modelAsFile =
      '--b0undary\r\nContent-Disposition: form-data; name="model"; filename="m.txt"\r\n\r\nwhisper-1\r\n--b0undary--\r\n';
    const noModel = await multipart('/v1/audio/translations', modelAsFile);
    expect(noModel.status).toBe(400);
    expect(await noModel.json()).toMatchObject({ error: { message: /^model is required/ } });
    // A JSON endpoint never reads a multipart body (an image request priced from it, say).
    const wrongType = await multipart('/v1/images/generations', '--b0undary--\r\n');
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect(mock.requests.length).toBe(seen);
  });

  it('answers malformed JSON and unknown /v1 paths in the OpenAI error shape', async () => {
    const bad = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{"model":',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const unknown = await fetch(`${t.url}/v1/no-such-thing`, { headers: { authorization: `Bearer ${key}` } });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(/Invalid URL/);
  });
});
