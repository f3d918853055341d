import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureChunks, fixtureJson, fixtureSseData, fixturesAvailable } from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { consumeLogs, expectedQuota, seedChannel, seedToken, waitFor } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

type UsageFixture = {
  prompt_tokens: number;
  completion_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number };
};

describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  'OpenAI-format relay replaying recorded providers',
  () => {
    let t: TestServer;
    let mock: MockUpstream;
    let client: OpenAI;
    let azureChannel: number;
    let openaiChannel: number;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      t = await startTestServer();
      openaiChannel = await seedChannel(t, {
        baseUrl: mock.url,
        models: [
          'gpt-4.1-nano',
          'gpt-3.5-turbo-instruct',
          'text-embedding-3-small',
          'dall-e-3',
          'whisper-1',
          'deepseek-reasoner',
        ],
      });
      azureChannel = await seedChannel(t, {
        type: 3,
        baseUrl: `${mock.url}/azure`,
        key: 'azure-secret',
        models: ['gpt-4o-mini'],
        other: '2024-10-21',
      });
      const { key } = await seedToken(t);
      client = new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    });
    afterAll(async () => {
      await t?.close();
      await mock?.stop();
    });

    /** Calls made so far; each one settles into exactly one log row, in the background. */
    let calls = 0;
    async function lastLog() {
      const logs = await waitFor(
        () => consumeLogs(t),
        (rows) => rows.length === calls,
        `${calls} consumption log rows`,
      );
      return logs[logs.length - 1]!;
    }

    it('relays a plain chat completion and bills exactly the formula for its usage', async () => {
      const recorded = fixtureJson<{ choices: Array<{ message: { content: string } }>; usage: UsageFixture }>(
        'openai/chat/openai-text.json',
      );
      mock.reply('/v1/chat/completions', { json: recorded });
      calls++;
      const answer = await client.chat.completions.create({
        model: 'gpt-4.1-nano',
        messages: [{ role: 'user', content: 'Invent a new holiday and describe its traditions.' }],
      });
      expect(answer.choices[0]!.message.content).toBe(recorded.choices[0]!.message.content);
      expect(mock.requests.at(-1)!.headers.authorization).toBe('Bearer sk-upstream-key');
      expect(mock.requests.at(-1)!.json!.model).toBe('gpt-4.1-nano');

      const log = await lastLog();
      const quota = expectedQuota(
        { prompt: recorded.usage.prompt_tokens, completion: recorded.usage.completion_tokens },
        { model: 0.05, completion: 4, cache: 0.25 },
      );
      expect(log).toMatchObject({
        model_name: 'gpt-4.1-nano',
        prompt_tokens: recorded.usage.prompt_tokens,
        completion_tokens: recorded.usage.completion_tokens,
        quota,
        channel_id: openaiChannel,
        token_name: 'test key',
      });
      expect(JSON.parse(log.other!)).toMatchObject({
        model_ratio: 0.05,
        completion_ratio: 4,
        group_ratio: 1,
        local_count: false,
      });
      expect(log.request_id).not.toBe('');
    });

    it('streams a chat completion chunk by chunk, asks the upstream for usage, and hides that chunk unless asked', async () => {
      const chunks = fixtureChunks('openai/chat/openai-text.chunks.txt');
      mock.reply('/v1/chat/completions', { sse: chunks });
      calls++;
      const stream = await client.chat.completions.create({
        model: 'gpt-4.1-nano',
        messages: [{ role: 'user', content: 'Invent a new holiday.' }],
        stream: true,
      });
      let text = '';
      let sawUsage = false;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.usage) sawUsage = true;
      }
      const expectedText = chunks
        .map(
          (line) =>
            (JSON.parse(line) as { choices: Array<{ delta?: { content?: string } }> }).choices[0]?.delta
              ?.content ?? '',
        )
        .join('');
      expect(text).toBe(expectedText);
      expect(sawUsage).toBe(false);
      expect(mock.requests.at(-1)!.json!.stream_options).toEqual({ include_usage: true });

      const usage = (JSON.parse(chunks.at(-1)!) as { usage: UsageFixture }).usage;
      const log = await lastLog();
      expect(log.is_stream).toBeTruthy();
      expect(log.completion_tokens).toBe(usage.completion_tokens);
      expect(log.quota).toBe(
        expectedQuota(
          { prompt: usage.prompt_tokens, completion: usage.completion_tokens },
          { model: 0.05, completion: 4 },
        ),
      );
    });

    it('passes the usage chunk on when the client asks for it', async () => {
      mock.reply('/v1/chat/completions', { sse: fixtureChunks('openai/chat/openai-text.chunks.txt') });
      calls++;
      const stream = await client.chat.completions.create({
        model: 'gpt-4.1-nano',
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of stream) usage = chunk.usage ?? usage;
      expect(usage?.completion_tokens).toBe(300);
      await lastLog();
    });

    it('streams reasoning content and bills reasoning tokens as completion tokens', async () => {
      const chunks = fixtureChunks('deepseek/chat/deepseek-reasoning.chunks.txt');
      mock.reply('/v1/chat/completions', { sse: chunks });
      calls++;
      const stream = await client.chat.completions.create({
        model: 'deepseek-reasoner',
        messages: [{ role: 'user', content: 'How many r in strawberry?' }],
        stream: true,
      });
      let reasoning = '';
      let content = '';
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta as { content?: string; reasoning_content?: string } | undefined;
        reasoning += delta?.reasoning_content ?? '';
        content += delta?.content ?? '';
      }
      expect(reasoning.length).toBeGreaterThan(50);
      expect(content.length).toBeGreaterThan(0);
      const usage = (
        JSON.parse(chunks.at(-1)!) as {
          usage: UsageFixture & { completion_tokens_details: { reasoning_tokens: number } };
        }
      ).usage;
      const log = await lastLog();
      expect(log.completion_tokens).toBe(usage.completion_tokens);
      expect(JSON.parse(log.other!).reasoning_tokens).toBe(usage.completion_tokens_details.reasoning_tokens);
      expect(log.quota).toBe(
        expectedQuota(
          { prompt: usage.prompt_tokens, completion: usage.completion_tokens },
          { model: 0.275, completion: 1 },
        ),
      );
    });

    it('relays an Azure channel: deployment URL, api-version, api-key, split tool arguments, local count without usage', async () => {
      const chunks = fixtureSseData('openai-compatible/chat/anthropic-fallback-tool-call.sse');
      mock.reply('/azure/openai/deployments/gpt-4o-mini/chat/completions', { sse: chunks });
      calls++;
      const stream = await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'weather in Berlin?' }],
        tools: [
          { type: 'function', function: { name: 'weather', parameters: { type: 'object', properties: {} } } },
        ],
        stream: true,
      });
      const args: Record<number, string> = {};
      let finish: string | null | undefined;
      for await (const chunk of stream) {
        for (const call of chunk.choices[0]?.delta?.tool_calls ?? []) {
          args[call.index] = (args[call.index] ?? '') + (call.function?.arguments ?? '');
        }
        finish = chunk.choices[0]?.finish_reason ?? finish;
      }
      const request = mock.requests.at(-1)!;
      expect(request.url).toBe(
        '/azure/openai/deployments/gpt-4o-mini/chat/completions?api-version=2024-10-21',
      );
      expect(request.headers['api-key']).toBe('azure-secret');
      expect(request.headers.authorization).toBeUndefined();
      expect(Object.keys(args).length).toBeGreaterThan(0);
      for (const text of Object.values(args)) expect(() => JSON.parse(text)).not.toThrow();
      expect(finish).toBe('tool_calls');
      expect(args[1]).toBe('{"path": "a.txt"}');
      const log = await lastLog();
      expect(log.channel_id).toBe(azureChannel);
      expect(log.model_name).toBe('gpt-4o-mini');
      // The capture carries no usage: both sides were counted locally, and the log says so.
      expect(JSON.parse(log.other!).local_count).toBe(true);
      expect(log.prompt_tokens).toBeGreaterThan(0);
      expect(log.completion_tokens).toBeGreaterThan(0);
      expect(log.quota).toBe(
        expectedQuota(
          { prompt: log.prompt_tokens, completion: log.completion_tokens },
          { model: 0.075, completion: 4 },
        ),
      );
    });

    it('relays legacy completions and embeddings with their usage', async () => {
      const completion = fixtureJson<{ choices: Array<{ text: string }>; usage: UsageFixture }>(
        'openai/completion/openai-completion-text.json',
      );
      mock.reply('/v1/completions', { json: completion });
      calls += 2;
      const text = await client.completions.create({ model: 'gpt-3.5-turbo-instruct', prompt: 'Say hello' });
      expect(text.choices[0]!.text).toBe(completion.choices[0]!.text);

      const embedding = fixtureJson<{ data: Array<{ embedding: number[] }>; usage: UsageFixture }>(
        'openai/embedding/openai-embedding.json',
      );
      mock.reply('/v1/embeddings', { json: embedding });
      const vectors = await client.embeddings.create({
        model: 'text-embedding-3-small',
        input: ['sunny day', 'rainy day'],
        encoding_format: 'float',
      });
      expect(vectors.data.map((d) => d.embedding)).toEqual(embedding.data.map((d) => d.embedding));
      await lastLog();
      // Two calls settle in the background in either order: pick the embedding's row by its model.
      const log = (await consumeLogs(t)).findLast((row) => row.model_name === 'text-embedding-3-small')!;
      expect(log.prompt_tokens).toBe(embedding.usage.prompt_tokens);
      expect(log.quota).toBe(
        expectedQuota(
          { prompt: embedding.usage.prompt_tokens, completion: 0 },
          { model: 0.01, completion: 1 },
        ),
      );
    });

    it('charges images per call: price × quota per unit × n × size ratio', async () => {
      mock.reply('/v1/images/generations', { json: fixtureJson('openai/image/openai-image.json') });
      calls++;
      const images = await client.images.generate({
        model: 'dall-e-3',
        prompt: 'a sea otter',
        n: 2,
        size: '1792x1024',
      });
      expect(images.data).toHaveLength(2);
      const log = await lastLog();
      expect(log.quota).toBe(Math.round(0.04 * 500_000 * 2 * 2));
    });

    it('relays an audio transcription upload as multipart and bills by its duration', async () => {
      const recorded = fixtureJson<{ text: string; duration: number }>(
        'openai/transcription/openai-transcription.json',
      );
      mock.reply('/v1/audio/transcriptions', { json: recorded });
      calls++;
      const result = await client.audio.transcriptions.create({
        model: 'whisper-1',
        file: await toFile(Buffer.from('RIFF....WAVEfmt '), 'clip.wav', { type: 'audio/wav' }),
      });
      expect(result.text).toBe(recorded.text);
      const upstreamRequest = mock.requests.at(-1)!;
      expect(String(upstreamRequest.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
      expect(upstreamRequest.body.toString('latin1')).toContain('name="model"\r\n\r\nwhisper-1');
      expect(upstreamRequest.body.toString('latin1')).toContain('filename="clip.wav"');
      const log = await lastLog();
      const tokens = Math.ceil((Math.ceil(recorded.duration) / 60) * 1000);
      expect(log.prompt_tokens).toBe(tokens);
      expect(log.quota).toBe(expectedQuota({ prompt: tokens, completion: 0 }, { model: 15, completion: 1 }));
    });

    it('lists the models this key may use', async () => {
      const models = await client.models.list();
      const ids = models.data.map((m) => m.id);
      expect(ids).toEqual(expect.arrayContaining(['gpt-4.1-nano', 'gpt-4o-mini', 'text-embedding-3-small']));
      const limited = await seedToken(t, { modelLimits: ['gpt-4o-mini'] });
      const narrow = new OpenAI({ apiKey: limited.key, baseURL: `${t.url}/v1`, maxRetries: 0 });
      expect((await narrow.models.list()).data.map((m) => m.id)).toEqual(['gpt-4o-mini']);
    });
  },
);
