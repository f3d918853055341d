import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anthropicEvents,
  fixtureChunks,
  fixtureJson,
  fixturesAvailable,
  geminiEvents,
} from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { expectedQuota, lastLogAfter, seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

type Block = { type: string; text?: string; thinking?: string; name?: string; input?: unknown };
interface AnthropicMessage {
  content: Block[];
  usage: { input_tokens: number; output_tokens: number };
}
interface GeminiAnswer {
  candidates: Array<{
    content: { parts: Array<{ text?: string; functionCall?: { name: string; args?: unknown } }> };
  }>;
  usageMetadata: { promptTokenCount: number; candidatesTokenCount: number; thoughtsTokenCount?: number };
}

const SONNET = { model: 1.5, completion: 5, cache: 0.1 }; // claude-sonnet-4-5-20250929's defaults
const CLAUDE = 'claude-sonnet-4-5-20250929';
const GEMINI = 'gemini-2.5-flash';
const MESSAGES = '/claude/v1/messages';
const GENERATE = `/google/v1beta/models/${GEMINI}:generateContent`;
const STREAM = `/google/v1beta/models/${GEMINI}:streamGenerateContent`;

const weatherTool: OpenAI.Responses.FunctionTool = {
  type: 'function',
  name: 'weather',
  description: 'The weather in a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  strict: false,
};

/** What a recorded Anthropic stream says, read from its events. */
function anthropicStreamed(path: string): {
  text: string;
  thinking: string;
  json: string;
  usage: Record<string, number>;
} {
  const out = { text: '', thinking: '', json: '', usage: {} as Record<string, number> };
  for (const line of fixtureChunks(path)) {
    const event = JSON.parse(line) as {
      type: string;
      delta?: Record<string, string>;
      usage?: Record<string, number>;
      message?: { usage: Record<string, number> };
    };
    if (event.type === 'message_start') out.usage = { ...event.message!.usage };
    if (event.type === 'message_delta') out.usage = { ...out.usage, ...event.usage };
    out.text += event.delta?.text ?? '';
    out.thinking += event.delta?.thinking ?? '';
    out.json += event.delta?.partial_json ?? '';
  }
  return out;
}

/** The Responses API on Claude and Gemini channels: converted through OpenAI chat, read by the official client. */
describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  'Responses API through Claude and Gemini channels',
  () => {
    let t: TestServer;
    let mock: MockUpstream;
    let client: OpenAI;
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
      client = new OpenAI({ apiKey: (await seedToken(t)).key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    });
    afterAll(async () => {
      await t?.close();
      await mock?.stop();
    });

    const lastLog = () => lastLogAfter(t, calls);

    const sent = () => mock.requests.at(-1)!.json!;

    it('answers a Claude text call with output_text and usage, billed like any converted call', async () => {
      const recorded = fixtureJson<AnthropicMessage>('anthropic/anthropic-text.json');
      calls++;
      mock.reply(MESSAGES, { json: recorded });
      const response = await client.responses.create({
        model: CLAUDE,
        instructions: 'Be brief.',
        input: [{ role: 'user', content: [{ type: 'input_text', text: 'Hello' }] }],
        max_output_tokens: 300,
        temperature: 0.5,
      });
      expect(response.object).toBe('response');
      expect(response.status).toBe('completed');
      expect(response.model).toBe(CLAUDE);
      expect(response.output_text).toBe(recorded.content[0]!.text);
      expect(response.usage).toMatchObject({
        input_tokens: recorded.usage.input_tokens,
        output_tokens: recorded.usage.output_tokens,
      });
      expect(sent()).toMatchObject({
        system: 'Be brief.',
        max_tokens: 300,
        temperature: 0.5,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }],
      });
      const log = await lastLog();
      expect(Number(log.quota)).toBe(
        expectedQuota(
          { prompt: recorded.usage.input_tokens, completion: recorded.usage.output_tokens },
          SONNET,
        ),
      );
    });

    it('turns Claude thinking into a reasoning item and reasoning.effort into a thinking budget', async () => {
      const recorded = fixtureJson<AnthropicMessage>(
        'anthropic/anthropic-claude-opus-5-reasoning-high.1.json',
      );
      calls++;
      mock.reply(MESSAGES, { json: recorded });
      const response = await client.responses.create({
        model: CLAUDE,
        input: 'Roots?',
        reasoning: { effort: 'high' },
      });
      const reasoning = response.output.find((item) => item.type === 'reasoning')!;
      expect(reasoning.summary[0]!.text).toBe(recorded.content.find((b) => b.type === 'thinking')!.thinking);
      expect(response.output_text).toBe(
        recorded.content
          .filter((b) => b.type === 'text')
          .map((b) => b.text)
          .join(''),
      );
      expect(sent().thinking).toEqual({ type: 'enabled', budget_tokens: 16384 });
      await lastLog();
    });

    it('carries tools and a tool-call history to Claude, and its tool call back as a function_call item', async () => {
      const recorded = fixtureJson<AnthropicMessage>('anthropic/anthropic-json-tool.1.json');
      calls++;
      mock.reply(MESSAGES, { json: recorded });
      const response = await client.responses.create({
        model: CLAUDE,
        tools: [weatherTool],
        tool_choice: 'required',
        input: [
          { role: 'user', content: 'Weather in Paris, then Berlin?' },
          { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
          { type: 'function_call_output', call_id: 'call_1', output: 'sunny' },
        ],
      });
      const call = recorded.content.find((b) => b.type === 'tool_use')!;
      const item = response.output.find((o) => o.type === 'function_call')!;
      expect(item.name).toBe(call.name);
      expect(JSON.parse(item.arguments)).toEqual(call.input);
      expect(item.call_id).not.toBe('');
      const upstream = sent();
      expect(upstream.tools).toEqual([
        { name: 'weather', description: 'The weather in a city', input_schema: weatherTool.parameters },
      ]);
      expect(upstream.tool_choice).toEqual({ type: 'any' });
      expect(upstream.messages).toMatchObject([
        { role: 'user' },
        {
          role: 'assistant',
          content: [{ type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } }],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1' }] },
      ]);
      await lastLog();
    });

    it('asks Claude for structured output from text.format', async () => {
      calls++;
      mock.reply(MESSAGES, { json: fixtureJson('anthropic/anthropic-json-output-format.1.json') });
      const schema = {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
        additionalProperties: false,
      };
      const response = await client.responses.create({
        model: CLAUDE,
        input: 'A name',
        text: { format: { type: 'json_schema', name: 'person', schema, strict: true } },
      });
      expect(response.status).toBe('completed');
      expect(String(sent().system)).toContain(JSON.stringify(schema));
      await lastLog();
    });

    it('streams a Claude answer as Responses events the official stream helper accepts', async () => {
      const path = 'anthropic/anthropic-text.chunks.txt';
      const expected = anthropicStreamed(path);
      calls++;
      mock.reply(MESSAGES, { events: anthropicEvents(path) });
      const stream = client.responses.stream({ model: CLAUDE, input: 'Hello' });
      let deltas = '';
      stream.on('response.output_text.delta', (event) => (deltas += event.delta));
      const final = await stream.finalResponse();
      expect(deltas).toBe(expected.text);
      expect(final.output_text).toBe(expected.text);
      expect(final.usage).toMatchObject({
        input_tokens: expected.usage.input_tokens,
        output_tokens: expected.usage.output_tokens,
      });
      expect(sent().stream).toBe(true);
      const log = await lastLog();
      expect(log.is_stream).toBeTruthy();
      expect(Number(log.quota)).toBe(
        expectedQuota(
          { prompt: expected.usage.input_tokens!, completion: expected.usage.output_tokens! },
          SONNET,
        ),
      );
    });

    it('streams Claude thinking as reasoning summary events and tool calls as argument deltas', async () => {
      const thinking = 'anthropic/anthropic-clear-thinking.1.chunks.txt';
      calls++;
      mock.reply(MESSAGES, { events: anthropicEvents(thinking) });
      const events: OpenAI.Responses.ResponseStreamEvent[] = [];
      for await (const event of await client.responses.create({
        model: CLAUDE,
        input: 'Think',
        stream: true,
      }))
        events.push(event);
      const summary = events
        .filter((e) => e.type === 'response.reasoning_summary_text.delta')
        .map((e) => (e as { delta: string }).delta)
        .join('');
      expect(summary).toBe(anthropicStreamed(thinking).thinking);
      expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
      expect(events.at(-1)!.type).toBe('response.completed');
      await lastLog();

      const tool = 'anthropic/anthropic-json-tool.1.chunks.txt';
      calls++;
      mock.reply(MESSAGES, { events: anthropicEvents(tool) });
      const final = await client.responses
        .stream({ model: CLAUDE, input: 'Weather?', tools: [weatherTool] })
        .finalResponse();
      const call = final.output.find((o) => o.type === 'function_call')!;
      expect(JSON.parse(call.arguments)).toEqual(JSON.parse(anthropicStreamed(tool).json));
      await lastLog();
    });

    it('answers a Gemini tool call as a function_call item with its reasoning tokens', async () => {
      const recorded = fixtureJson<GeminiAnswer>('google/google-tool-call.json');
      calls++;
      mock.reply(GENERATE, { json: recorded });
      const response = await client.responses.create({
        model: GEMINI,
        input: 'Weather in Berlin?',
        tools: [weatherTool],
      });
      const expected = recorded.candidates[0]!.content.parts.find((p) => p.functionCall)!.functionCall!;
      const item = response.output.find((o) => o.type === 'function_call')!;
      expect(item.name).toBe(expected.name);
      expect(JSON.parse(item.arguments)).toEqual(expected.args ?? {});
      const u = recorded.usageMetadata;
      expect(response.usage?.output_tokens_details.reasoning_tokens).toBe(u.thoughtsTokenCount ?? 0);
      expect(sent().tools).toBeTruthy();
      const log = await lastLog();
      expect(log.completion_tokens).toBe(u.candidatesTokenCount + (u.thoughtsTokenCount ?? 0));
    });

    it('streams a Gemini answer, with structured output asked for in Gemini terms', async () => {
      const path = 'google/google-text.chunks.txt';
      calls++;
      mock.reply(STREAM, { events: geminiEvents(path) });
      const expected = fixtureChunks(path)
        .map(
          (line) =>
            (JSON.parse(line) as GeminiAnswer).candidates?.[0]?.content.parts
              .map((p) => p.text ?? '')
              .join('') ?? '',
        )
        .join('');
      const final = await client.responses
        .stream({ model: GEMINI, input: 'Hi', text: { format: { type: 'json_object' } } })
        .finalResponse();
      expect(final.output_text).toBe(expected);
      expect(final.usage!.input_tokens).toBeGreaterThan(0);
      expect(mock.requests.at(-1)!.url).toContain(':streamGenerateContent?alt=sse');
      expect(sent().generationConfig).toMatchObject({ responseMimeType: 'application/json' });
      await lastLog();
    });

    it('refuses previous_response_id on a converted channel in the OpenAI error shape, and charges nothing', async () => {
      const before = mock.requests.length;
      const error = await client.responses
        .create({ model: CLAUDE, input: 'again', previous_response_id: 'resp_1' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain('previous_response_id');
      expect(mock.requests.length).toBe(before);
    });
  },
);
