import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anthropicEvents,
  fixtureChunks,
  fixtureJson,
  fixturesAvailable,
  geminiEvents,
} from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { lastLogAfter, seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

interface AnthropicMessage {
  content: Array<{ type: string; text?: string; thinking?: string }>;
  usage: { input_tokens: number; output_tokens: number };
}
interface GeminiAnswer {
  candidates?: Array<{
    content: { parts: Array<{ text?: string; functionCall?: { name: string; args?: unknown } }> };
  }>;
}

const CLAUDE = 'claude-sonnet-4-5-20250929';
const GEMINI = 'gemini-2.5-flash';

/** The AI SDK's default OpenAI provider speaks the Responses API: it must work on Claude and Gemini channels too. */
describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  "AI SDK's OpenAI provider on converted channels",
  () => {
    let t: TestServer;
    let mock: MockUpstream;
    let provider: ReturnType<typeof createOpenAI>;
    let calls = 0;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      t = await startTestServer();
      await seedChannel(t, {
        type: 14,
        baseUrl: `${mock.url}/claude`,
        key: 'sk-ant-upstream',
        models: [CLAUDE],
      });
      await seedChannel(t, { type: 24, baseUrl: `${mock.url}/google`, key: 'gemini-key', models: [GEMINI] });
      provider = createOpenAI({ apiKey: (await seedToken(t)).key, baseURL: `${t.url}/v1` });
    });
    afterAll(async () => {
      await t?.close();
      await mock?.stop();
    });

    it('generates text from a Claude channel, with reasoning and usage', async () => {
      const recorded = fixtureJson<AnthropicMessage>(
        'anthropic/anthropic-claude-opus-5-reasoning-high.1.json',
      );
      calls++;
      mock.reply('/claude/v1/messages', { json: recorded });
      const result = await generateText({ model: provider(CLAUDE), prompt: 'Roots?', maxRetries: 0 });
      expect(mock.requests.at(-1)!.url).toBe('/claude/v1/messages');
      expect(result.text).toBe(
        recorded.content
          .filter((b) => b.type === 'text')
          .map((b) => b.text)
          .join(''),
      );
      expect(result.reasoningText).toBe(recorded.content.find((b) => b.type === 'thinking')!.thinking);
      expect(result.usage.inputTokens).toBe(recorded.usage.input_tokens);
      expect(result.usage.outputTokens).toBe(recorded.usage.output_tokens);
      expect(result.finishReason).toBe('stop');
      await lastLogAfter(t, calls);
    });

    it('streams text from a Claude channel', async () => {
      const path = 'anthropic/anthropic-text.chunks.txt';
      calls++;
      mock.reply('/claude/v1/messages', { events: anthropicEvents(path) });
      const expected = fixtureChunks(path)
        .map((line) => (JSON.parse(line) as { delta?: { text?: string } }).delta?.text ?? '')
        .join('');
      const errors: unknown[] = [];
      const result = streamText({
        model: provider(CLAUDE),
        prompt: 'Hello',
        maxRetries: 0,
        onError: ({ error }) => void errors.push(error),
      });
      let streamed = '';
      for await (const piece of result.textStream) streamed += piece;
      expect(errors).toEqual([]);
      expect(streamed).toBe(expected);
      expect((await result.usage).outputTokens).toBeGreaterThan(0);
      expect(await result.finishReason).toBe('stop');
      await lastLogAfter(t, calls);
    });

    it('gets a tool call from a Gemini channel, streamed and not', async () => {
      const weather = tool({
        description: 'The weather in a city',
        inputSchema: jsonSchema<{ city: string }>({
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        }),
      });
      const recorded = fixtureJson<GeminiAnswer>('google/google-tool-call.json');
      const expected = recorded.candidates![0]!.content.parts.find((p) => p.functionCall)!.functionCall!;
      calls++;
      mock.reply(`/google/v1beta/models/${GEMINI}:generateContent`, { json: recorded });
      const result = await generateText({
        model: provider(GEMINI),
        prompt: 'Weather?',
        tools: { weather },
        maxRetries: 0,
      });
      expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
        [expected.name, expected.args ?? {}],
      ]);
      expect(result.finishReason).toBe('tool-calls');
      await lastLogAfter(t, calls);

      const path = 'google/google-tool-call.chunks.txt';
      const streamedCall = fixtureChunks(path)
        .flatMap((line) => (JSON.parse(line) as GeminiAnswer).candidates?.[0]?.content.parts ?? [])
        .find((p) => p.functionCall)!.functionCall!;
      calls++;
      mock.reply(`/google/v1beta/models/${GEMINI}:streamGenerateContent`, { events: geminiEvents(path) });
      const stream = streamText({
        model: provider(GEMINI),
        prompt: 'Weather?',
        tools: { weather },
        maxRetries: 0,
      });
      const toolCalls = await stream.toolCalls;
      expect(toolCalls.map((c) => [c.toolName, c.input])).toEqual([
        [streamedCall.name, streamedCall.args ?? {}],
      ]);
      await lastLogAfter(t, calls);
    });
  },
);
