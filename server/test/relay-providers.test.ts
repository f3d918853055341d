import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureChunks, fixtureJson, fixturesAvailable } from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { expectedQuota, lastLogAfter, seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

interface RawUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number };
  completion_tokens_details?: { reasoning_tokens?: number };
}

/** Completion as billed: reasoning included, whether or not the provider counted it in completion_tokens. */
function billedCompletion(u: RawUsage): number {
  const reasoning = u.completion_tokens_details?.reasoning_tokens ?? 0;
  return u.total_tokens >= u.prompt_tokens + u.completion_tokens + reasoning && reasoning > 0
    ? u.completion_tokens + reasoning
    : u.completion_tokens;
}

/** Each provider family on its channel type, with a model whose default price we know. */
const PROVIDERS = [
  {
    family: 'groq',
    type: 8,
    model: 'llama-3.3-70b-versatile',
    ratios: { model: 0.295, completion: 1.34 },
    streamUsage: true,
  },
  {
    family: 'mistral',
    type: 42,
    model: 'mistral-small-latest',
    ratios: { model: 0.1, completion: 3 },
    streamUsage: false,
  },
  { family: 'xai', type: 48, model: 'grok-3', ratios: { model: 1.5, completion: 5 }, streamUsage: true },
] as const;

const CASES = PROVIDERS.flatMap((p) =>
  ['text', 'tool-call'].map((kind) => ({ ...p, kind, path: `${p.family}/${p.family}-${kind}` })),
);

describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  'Groq, Mistral and xAI captures through their channel types',
  () => {
    let t: TestServer;
    let mock: MockUpstream;
    let client: OpenAI;
    let calls = 0;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      t = await startTestServer();
      for (const p of PROVIDERS) {
        await seedChannel(t, { type: p.type, baseUrl: `${mock.url}/${p.family}`, models: [p.model] });
      }
      client = new OpenAI({ apiKey: (await seedToken(t)).key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    });
    afterAll(async () => {
      await t?.close();
      await mock?.stop();
    });

    const logOfLastCall = () => lastLogAfter(t, calls);

    it.each(CASES)('$path (JSON): content, tool calls and billing', async (c) => {
      const recorded = fixtureJson<{
        choices: Array<{ message: OpenAI.ChatCompletionMessage }>;
        usage: RawUsage;
      }>(`${c.path}.json`);
      mock.reply(`/${c.family}/v1/chat/completions`, { json: recorded });
      calls++;
      const answer = await client.chat.completions.create({
        model: c.model,
        messages: [{ role: 'user', content: 'go' }],
      });
      const message = answer.choices[0]!.message;
      expect(message.content).toBe(recorded.choices[0]!.message.content);
      expect(message.tool_calls).toEqual(recorded.choices[0]!.message.tool_calls);
      const log = await logOfLastCall();
      const u = recorded.usage;
      expect(log.completion_tokens).toBe(billedCompletion(u));
      expect(Number(log.quota)).toBe(
        expectedQuota(
          {
            prompt: u.prompt_tokens,
            completion: billedCompletion(u),
            cached: u.prompt_tokens_details?.cached_tokens,
          },
          c.ratios,
        ),
      );
    });

    it.each(CASES)('$path (stream): deltas reassembled, usage from the last chunk', async (c) => {
      const chunks = fixtureChunks(`${c.path}.chunks.txt`);
      mock.reply(`/${c.family}/v1/chat/completions`, { sse: chunks });
      calls++;
      const stream = await client.chat.completions.create({
        model: c.model,
        messages: [{ role: 'user', content: 'go' }],
        stream: true,
      });
      let content = '';
      const args = new Map<number, string>();
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        content += delta?.content ?? '';
        for (const call of delta?.tool_calls ?? [])
          args.set(call.index, (args.get(call.index) ?? '') + (call.function?.arguments ?? ''));
      }
      const parsed = chunks.map(
        (line) =>
          JSON.parse(line) as {
            choices: Array<{ delta?: OpenAI.ChatCompletionChunk.Choice.Delta }>;
            usage?: RawUsage;
          },
      );
      expect(content).toBe(parsed.map((p) => p.choices[0]?.delta?.content ?? '').join(''));
      for (const text of args.values()) expect(() => JSON.parse(text)).not.toThrow();
      const sentUpstream = mock.requests.at(-1)!.json!;
      expect(sentUpstream.stream_options).toEqual(c.streamUsage ? { include_usage: true } : undefined);

      const u = parsed.findLast((p) => p.usage)!.usage!;
      const log = await logOfLastCall();
      expect(log.prompt_tokens).toBe(u.prompt_tokens);
      expect(log.completion_tokens).toBe(billedCompletion(u));
    });
  },
);
