import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anthropicEvents,
  fixtureChunks,
  fixtureJson,
  fixtureSseData,
  fixturesAvailable,
} from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { expectedQuota, lastLogAfter, seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

interface AnthropicMessage {
  content: Array<{ type: string; text?: string; input?: unknown; name?: string }>;
  stop_reason: string;
  usage: {
    input_tokens: number;
    output_tokens: number;
    cache_read_input_tokens?: number;
    cache_creation_input_tokens?: number;
  };
}

const SONNET = { model: 1.5, completion: 5, cache: 0.1 }; // claude-sonnet-4-5-20250929's defaults

describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  'Anthropic: /v1/messages in, Claude channels out',
  () => {
    let t: TestServer;
    let mock: MockUpstream;
    let key: string;
    let calls = 0;
    let claudeChannel = 0;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      t = await startTestServer();
      claudeChannel = await seedChannel(t, {
        type: 14,
        baseUrl: `${mock.url}/claude`,
        key: 'sk-ant-upstream',
        models: ['claude-sonnet-4-5-20250929'],
      });
      await seedChannel(t, {
        type: 1,
        baseUrl: `${mock.url}/openai`,
        models: ['gpt-4.1-nano', 'gpt-4o-mini'],
      });
      key = (await seedToken(t)).key;
    });
    afterAll(async () => {
      await t?.close();
      await mock?.stop();
    });

    const anthropic = () => new Anthropic({ apiKey: key, baseURL: t.url, maxRetries: 0 });
    const openai = () => new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    const lastLog = () => lastLogAfter(t, calls);

    it('passes an Anthropic call through to a Claude channel and bills by Anthropic usage', async () => {
      const recorded = fixtureJson<AnthropicMessage>('anthropic/anthropic-text.json');
      mock.reply('/claude/v1/messages', { json: recorded });
      calls++;
      const message = await anthropic().messages.create({
        model: 'claude-sonnet-4-5-20250929',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Hello' }],
      });
      expect(message.content).toEqual(recorded.content);
      const upstream = mock.requests.at(-1)!;
      expect(upstream.headers['x-api-key']).toBe('sk-ant-upstream');
      // The client's own API version is passed on to a channel of the same format.
      expect(upstream.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(upstream.json).toMatchObject({ model: 'claude-sonnet-4-5-20250929', max_tokens: 100 });
      const log = await lastLog();
      expect(log.prompt_tokens).toBe(recorded.usage.input_tokens);
      expect(log.completion_tokens).toBe(recorded.usage.output_tokens);
      expect(Number(log.quota)).toBe(
        expectedQuota(
          { prompt: recorded.usage.input_tokens, completion: recorded.usage.output_tokens },
          SONNET,
        ),
      );
    });

    it('passes an Anthropic stream through event by event', async () => {
      const events = anthropicEvents('anthropic/anthropic-text.chunks.txt');
      mock.reply('/claude/v1/messages', { events });
      calls++;
      const stream = anthropic().messages.stream({
        model: 'claude-sonnet-4-5-20250929',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Hello' }],
      });
      const final = await stream.finalMessage();
      const expected = events
        .map((e) => JSON.parse(e.data) as { type: string; delta?: { type: string; text?: string } })
        .filter((e) => e.type === 'content_block_delta' && e.delta?.type === 'text_delta')
        .map((e) => e.delta!.text)
        .join('');
      expect(final.content[0]).toMatchObject({ type: 'text', text: expected });
      const log = await lastLog();
      expect(log.is_stream).toBeTruthy();
      expect(log.completion_tokens).toBe(final.usage.output_tokens);
    });

    it('serves an OpenAI chat call from a Claude channel: text, tool calls, finish reason, usage', async () => {
      const recorded = fixtureJson<AnthropicMessage>('anthropic/anthropic-json-tool.1.json');
      mock.reply('/claude/v1/messages', { json: recorded });
      calls++;
      const answer = await openai().chat.completions.create({
        model: 'claude-sonnet-4-5-20250929',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Use the tool.' },
        ],
        tools: [
          { type: 'function', function: { name: 'json', parameters: { type: 'object', properties: {} } } },
        ],
      });
      const toolUse = recorded.content.find((c) => c.type === 'tool_use')!;
      const call = answer.choices[0]!.message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall;
      expect(call.function.name).toBe(toolUse.name);
      expect(JSON.parse(call.function.arguments)).toEqual(toolUse.input);
      expect(answer.choices[0]!.finish_reason).toBe('tool_calls');
      expect(answer.usage?.prompt_tokens).toBe(recorded.usage.input_tokens);
      const sent = mock.requests.at(-1)!.json!;
      expect(mock.requests.at(-1)!.headers['anthropic-version']).toBe('2023-06-01');
      expect(sent.system).toBeTruthy();
      expect(typeof sent.max_tokens).toBe('number');
      expect((sent.tools as unknown[]).length).toBe(1);
      const log = await lastLog();
      expect(Number(log.quota)).toBe(
        expectedQuota(
          { prompt: recorded.usage.input_tokens, completion: recorded.usage.output_tokens },
          SONNET,
        ),
      );
    });

    it('streams an OpenAI chat call from a Claude channel, converting events as they come', async () => {
      const events = anthropicEvents('anthropic/anthropic-text.chunks.txt');
      mock.reply('/claude/v1/messages', { events });
      calls++;
      const stream = await openai().chat.completions.create({
        model: 'claude-sonnet-4-5-20250929',
        messages: [{ role: 'user', content: 'Hello' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let finish: string | null | undefined;
      let usage: OpenAI.CompletionUsage | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
        usage = chunk.usage ?? usage;
      }
      const expected = fixtureChunks('anthropic/anthropic-text.chunks.txt')
        .map((l) => JSON.parse(l) as { delta?: { text?: string } })
        .map((e) => e.delta?.text ?? '')
        .join('');
      expect(text).toBe(expected);
      expect(finish).toBe('stop');
      expect(usage?.completion_tokens).toBeGreaterThan(0);
      await lastLog();
    });

    it('serves an Anthropic call from an OpenAI channel, with split tool arguments reassembled', async () => {
      mock.reply('/openai/v1/chat/completions', {
        sse: fixtureSseData('openai-compatible/chat/anthropic-fallback-tool-call.sse'),
      });
      calls++;
      const stream = anthropic().messages.stream({
        model: 'gpt-4o-mini',
        max_tokens: 200,
        system: 'You read files.',
        messages: [{ role: 'user', content: 'Read a.txt' }],
        tools: [
          { name: 'read_file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } },
        ],
      });
      const final = await stream.finalMessage();
      expect(final.content.find((c) => c.type === 'text')).toMatchObject({ text: 'Reading it.' });
      expect(final.content.find((c) => c.type === 'tool_use')).toMatchObject({
        name: 'read_file',
        input: { path: 'a.txt' },
      });
      expect(final.stop_reason).toBe('tool_use');
      const sent = mock.requests.at(-1)!.json!;
      expect((sent.messages as Array<{ role: string }>)[0]!.role).toBe('system');
      expect(sent.stream_options).toEqual({ include_usage: true });
      await lastLog();
    });

    it('serves a non-stream Anthropic call from an OpenAI channel', async () => {
      const recorded = fixtureJson<{
        choices: Array<{ message: { content: string } }>;
        usage: { prompt_tokens: number; completion_tokens: number };
      }>('openai/chat/openai-text.json');
      mock.reply('/openai/v1/chat/completions', { json: recorded });
      calls++;
      const message = await anthropic().messages.create({
        model: 'gpt-4.1-nano',
        max_tokens: 500,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(message.content).toHaveLength(1);
      expect(message.content[0]).toMatchObject({ type: 'text', text: recorded.choices[0]!.message.content });
      expect(message.stop_reason).toBe('end_turn');
      expect(message.usage.output_tokens).toBe(recorded.usage.completion_tokens);
      await lastLog();
    });

    it('tests a Claude channel with a small Messages call in its own format', async () => {
      mock.reply('/claude/v1/messages', { json: fixtureJson('anthropic/anthropic-text.json') });
      const result = await t.server.app.channelTester.test(claudeChannel);
      expect(result, result.message).toMatchObject({ success: true, message: '' });
      const sent = mock.requests.at(-1)!;
      expect(sent.url).toBe('/claude/v1/messages');
      expect(sent.json).toMatchObject({ model: 'claude-sonnet-4-5-20250929', max_tokens: 16 });
      mock.reply('/claude/v1/messages', {
        status: 401,
        json: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
      });
      expect(await t.server.app.channelTester.test(claudeChannel)).toMatchObject({
        success: false,
        message: 'invalid x-api-key',
      });
    });

    it('answers errors in Anthropic’s shape, so the SDK raises its own error classes', async () => {
      const bad = new Anthropic({ apiKey: 'sk-wrong', baseURL: t.url, maxRetries: 0 });
      const error = await bad.messages
        .create({ model: 'x', max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
      expect((error as { error: { type: string; error: { type: string } } }).error).toMatchObject({
        type: 'error',
        error: { type: 'authentication_error' },
      });
      const noChannel = await anthropic()
        .messages.create({ model: 'gpt-4o', max_tokens: 1, messages: [{ role: 'user', content: 'hi' }] })
        .catch((e: unknown) => e);
      expect(noChannel).toBeInstanceOf(Anthropic.APIError);
      expect((noChannel as { status: number }).status).toBe(503);
    });
  },
);
