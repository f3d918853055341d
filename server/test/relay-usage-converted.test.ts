import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import {
  anthropicEvents,
  fixtureChunks,
  fixtureJson,
  fixturesAvailable,
  geminiEvents,
} from './support/fixtures.ts';
import type { MockUpstream } from './support/mock-upstream.ts';
import { useMockedRelay } from './support/mocked-relay.ts';
import { databaseUnavailable } from './support/test-server.ts';

interface GeminiUsage {
  promptTokenCount: number;
  candidatesTokenCount: number;
  thoughtsTokenCount?: number;
}
interface AnthropicUsage {
  input_tokens: number;
  output_tokens: number;
  output_tokens_details?: { thinking_tokens: number };
}

const CLAUDE = 'claude-sonnet-4-5-20250929';
const GEMINI = 'gemini-2.5-flash';
const MESSAGES = '/claude/v1/messages';
const GENERATE = `/google/v1beta/models/${GEMINI}:generateContent`;
const STREAM = `/google/v1beta/models/${GEMINI}:streamGenerateContent`;

const CLAUDE_THINKING = 'anthropic/anthropic-claude-opus-5-reasoning-high.1.json';
const CLAUDE_THINKING_STREAM = 'anthropic/anthropic-clear-thinking.1.chunks.txt';
const GEMINI_THINKING = 'google/google-reasoning.json';
const GEMINI_THINKING_STREAM = 'google/google-reasoning.chunks.txt';

/** The usageMetadata of each event of a recorded Gemini stream that carries counts. */
const geminiStreamUsages = (path: string): GeminiUsage[] =>
  fixtureChunks(path)
    .map((line) => (JSON.parse(line) as { usageMetadata?: GeminiUsage }).usageMetadata)
    .filter((u): u is GeminiUsage => u?.promptTokenCount !== undefined);

/** A recorded Claude stream's usage: message_start's, and the last after message_delta's updates. */
function claudeStreamUsage(path: string): { start: AnthropicUsage; end: AnthropicUsage } {
  let start: AnthropicUsage | undefined;
  let end: AnthropicUsage | undefined;
  for (const line of fixtureChunks(path)) {
    const event = JSON.parse(line) as { type: string; message?: { usage: AnthropicUsage }; usage?: object };
    if (event.type === 'message_start') start = end = event.message!.usage;
    if (event.type === 'message_delta') end = { ...end!, ...event.usage };
  }
  return { start: start!, end: end! };
}

/** Gemini's split: the billed completion is the candidates plus the thoughts. */
const geminiOutput = (u: GeminiUsage) => u.candidatesTokenCount + (u.thoughtsTokenCount ?? 0);

/**
 * What converted answers tell each client about tokens: the real input count in an Anthropic
 * stream's message_start, reasoning tokens where each client format reads them, billed once as
 * completion; and Responses objects repeating the request's settings.
 */
describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  'Usage and settings in converted answers',
  () => {
    const relay = useMockedRelay((url) => [
      { type: 14, baseUrl: `${url}/claude`, key: 'sk-ant-upstream', models: [CLAUDE] },
      { type: 24, baseUrl: `${url}/google`, key: 'gemini-key', models: [GEMINI] },
    ]);
    const { anthropic, openai, google, logged } = relay;
    const reply: MockUpstream['reply'] = (path, ...replies) => relay.mock.reply(path, ...replies);
    const sentJson = () => relay.mock.requests.at(-1)!.json;

    /** An Anthropic SDK stream: message_start's usage and the final message. */
    async function anthropicStream(model: string) {
      const stream = anthropic().messages.stream({
        model,
        max_tokens: 2000,
        messages: [{ role: 'user', content: 'How many r are in strawberry? '.repeat(30) }],
      });
      let start: Anthropic.Usage | undefined;
      for await (const event of stream) if (event.type === 'message_start') start = event.message.usage;
      return { start: start!, final: await stream.finalMessage() };
    }

    it('streams the Claude channel’s own input count in message_start to the Anthropic SDK', async () => {
      reply(MESSAGES, { events: anthropicEvents(CLAUDE_THINKING_STREAM) });
      const recorded = claudeStreamUsage(CLAUDE_THINKING_STREAM);
      const { start, final } = await anthropicStream(CLAUDE);
      expect(start.input_tokens).toBe(recorded.start.input_tokens);
      expect(final.usage.output_tokens).toBe(recorded.end.output_tokens);
      const log = await logged();
      expect(log.prompt_tokens).toBe(recorded.end.input_tokens);
      expect(log.completion_tokens).toBe(recorded.end.output_tokens);
    });

    it('streams a Gemini channel’s first input count in message_start, and thinking inside output_tokens', async () => {
      reply(STREAM, { events: geminiEvents(GEMINI_THINKING_STREAM) });
      const usages = geminiStreamUsages(GEMINI_THINKING_STREAM);
      const last = usages.at(-1)!;
      const { start, final } = await anthropicStream(GEMINI);
      // The prompt is long: a local estimate would be far above the channel's count.
      expect(start.input_tokens).toBe(usages[0]!.promptTokenCount);
      expect(final!.usage).toMatchObject({
        input_tokens: last.promptTokenCount,
        output_tokens: geminiOutput(last),
        output_tokens_details: { thinking_tokens: last.thoughtsTokenCount },
      });
      // Billed once: the thoughts are part of the completion, not added again.
      const log = await logged();
      expect(log.completion_tokens).toBe(geminiOutput(last));
    });

    it('answers the Anthropic SDK from a Gemini channel with the thoughts counted in output_tokens', async () => {
      const recorded = fixtureJson<{ usageMetadata: GeminiUsage }>(GEMINI_THINKING).usageMetadata;
      reply(GENERATE, { json: fixtureJson(GEMINI_THINKING) });
      const message = await anthropic().messages.create({
        model: GEMINI,
        max_tokens: 2000,
        messages: [{ role: 'user', content: 'Strawberry?' }],
      });
      expect(message.usage).toMatchObject({
        input_tokens: recorded.promptTokenCount,
        output_tokens: geminiOutput(recorded),
        output_tokens_details: { thinking_tokens: recorded.thoughtsTokenCount },
      });
      expect((await logged()).completion_tokens).toBe(geminiOutput(recorded));
    });

    it('gives OpenAI chat clients completion_tokens_details.reasoning_tokens from Claude and Gemini channels', async () => {
      const claude = fixtureJson<{ usage: AnthropicUsage }>(CLAUDE_THINKING).usage;
      reply(MESSAGES, { json: fixtureJson(CLAUDE_THINKING) });
      const answer = await openai().chat.completions.create({
        model: CLAUDE,
        messages: [{ role: 'user', content: 'Roots?' }],
      });
      expect(answer.usage).toMatchObject({
        prompt_tokens: claude.input_tokens,
        completion_tokens: claude.output_tokens,
        completion_tokens_details: { reasoning_tokens: claude.output_tokens_details!.thinking_tokens },
      });
      expect((await logged()).completion_tokens).toBe(claude.output_tokens);

      reply(STREAM, { events: geminiEvents(GEMINI_THINKING_STREAM) });
      const last = geminiStreamUsages(GEMINI_THINKING_STREAM).at(-1)!;
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of await openai().chat.completions.create({
        model: GEMINI,
        messages: [{ role: 'user', content: 'Strawberry?' }],
        stream: true,
        stream_options: { include_usage: true },
      }))
        usage = chunk.usage ?? usage;
      expect(usage).toMatchObject({
        prompt_tokens: last.promptTokenCount,
        completion_tokens: geminiOutput(last),
        completion_tokens_details: { reasoning_tokens: last.thoughtsTokenCount },
      });
      expect((await logged()).completion_tokens).toBe(geminiOutput(last));
    });

    it('gives @google/genai the thoughts apart from candidatesTokenCount, from a Claude channel', async () => {
      const claude = fixtureJson<{ usage: AnthropicUsage }>(CLAUDE_THINKING).usage;
      const thinking = claude.output_tokens_details!.thinking_tokens;
      reply(MESSAGES, { json: fixtureJson(CLAUDE_THINKING) });
      const answer = await google().models.generateContent({ model: CLAUDE, contents: 'Roots?' });
      expect(answer.usageMetadata).toMatchObject({
        promptTokenCount: claude.input_tokens,
        candidatesTokenCount: claude.output_tokens - thinking,
        thoughtsTokenCount: thinking,
        totalTokenCount: claude.input_tokens + claude.output_tokens,
      });
      expect((await logged()).completion_tokens).toBe(claude.output_tokens);
    });

    const weather: OpenAI.Responses.FunctionTool = {
      type: 'function',
      name: 'weather',
      description: 'The weather in a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      strict: false,
    };
    const settings = {
      instructions: 'Answer briefly.',
      tools: [weather],
      tool_choice: 'auto' as const,
      temperature: 0.2,
      top_p: 0.9,
      max_output_tokens: 1500,
      parallel_tool_calls: false,
      metadata: { ticket: 'T-1' },
      store: false,
      user: 'user-7',
    };

    it('answers responses.create on a Claude channel repeating the request’s settings, with its reasoning tokens', async () => {
      const claude = fixtureJson<{ usage: AnthropicUsage }>(CLAUDE_THINKING).usage;
      reply(MESSAGES, { json: fixtureJson(CLAUDE_THINKING) });
      const response = await openai().responses.create({ model: CLAUDE, input: 'Roots?', ...settings });
      expect(response).toMatchObject(settings);
      expect(response.text?.format).toEqual({ type: 'text' });
      expect(response.usage).toMatchObject({
        input_tokens: claude.input_tokens,
        output_tokens: claude.output_tokens,
        output_tokens_details: { reasoning_tokens: claude.output_tokens_details!.thinking_tokens },
      });
      // The settings were also sent on: they are the call's, not only its echo.
      expect(sentJson()).toMatchObject({ temperature: 0.2, max_tokens: 1500 });
      await logged();
    });

    it('streams a Gemini answer to the Responses API with the settings in response.created and completed', async () => {
      reply(STREAM, { events: geminiEvents(GEMINI_THINKING_STREAM) });
      const last = geminiStreamUsages(GEMINI_THINKING_STREAM).at(-1)!;
      const format = {
        type: 'json_schema' as const,
        name: 'count',
        schema: { type: 'object', properties: { r: { type: 'number' } } },
        strict: false,
      };
      // A plain event stream: the SDK's stream helper would parse this recorded prose as the JSON asked for.
      const events: OpenAI.Responses.ResponseStreamEvent[] = [];
      for await (const event of await openai().responses.create({
        model: GEMINI,
        input: 'Strawberry?',
        ...settings,
        text: { format },
        reasoning: { effort: 'low' },
        stream: true,
      }))
        events.push(event);
      const created = events.find((e) => e.type === 'response.created')?.response;
      const final = events.find((e) => e.type === 'response.completed')?.response;
      for (const response of [created!, final!]) {
        expect(response).toMatchObject({ ...settings, reasoning: { effort: 'low' } });
        expect(response.text?.format).toEqual(format);
      }
      expect(created!.usage).toBeNull();
      expect(final!.usage).toMatchObject({
        input_tokens: last.promptTokenCount,
        output_tokens: geminiOutput(last),
        output_tokens_details: { reasoning_tokens: last.thoughtsTokenCount },
      });
      expect((await logged()).completion_tokens).toBe(geminiOutput(last));
    });
  },
);
