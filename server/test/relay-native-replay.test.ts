import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromAnthropicMessage } from '../src/relay/providers/anthropic/anthropic-to-openai-chat.ts';
import { fromAnthropicUsage } from '../src/relay/providers/anthropic/anthropic-usage.ts';
import { fromGeminiResponse } from '../src/relay/providers/gemini/gemini-to-openai-chat.ts';
import { fromGeminiUsage } from '../src/relay/providers/gemini/gemini-usage.ts';
import type { Usage } from '../src/relay/answer/usage.ts';
import {
  allLinesJson,
  anthropicEvents,
  FIXTURES_DIR,
  fixtureChunks,
  fixtureJson,
  fixturesAvailable,
  geminiEvents,
} from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { lastLogAfter, seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

type Json = Record<string, unknown>;
const list = (dir: string, suffix: string) =>
  fixturesAvailable
    ? readdirSync(join(FIXTURES_DIR, dir))
        .filter((f) => f.endsWith(suffix))
        .map((f) => `${dir}/${f}`)
    : [];

/** Recorded answers that are Messages (not error bodies) and streams whose events are whole JSON. */
const anthropicAnswers = list('anthropic', '.json').filter((f) => fixtureJson<Json>(f).type === 'message');
const anthropicStreams = list('anthropic', '.chunks.txt').filter((f) => allLinesJson(f));
const geminiAnswers = list('google', '.json').filter((f) => Array.isArray(fixtureJson<Json>(f).candidates));
const geminiStreams = list('google', '.chunks.txt');

/** The last usage a recorded stream reports, read the way the gateway's converters read it. */
function streamUsage(path: string, read: (event: Json) => Usage | undefined): Usage | undefined {
  let usage: Usage | undefined;
  for (const line of fixtureChunks(path)) usage = read(JSON.parse(line) as Json) ?? usage;
  return usage;
}

describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  'every Anthropic and Gemini capture through the gateway',
  () => {
    let t: TestServer;
    let mock: MockUpstream;
    let key: string;
    let openai: OpenAI;
    let calls = 0;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      t = await startTestServer();
      await seedChannel(t, {
        type: 14,
        baseUrl: `${mock.url}/claude`,
        models: ['claude-sonnet-4-5-20250929'],
      });
      await seedChannel(t, { type: 24, baseUrl: `${mock.url}/google`, models: ['gemini-2.5-flash'] });
      key = (await seedToken(t)).key;
      openai = new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    });
    afterAll(async () => {
      await t?.close();
      await mock?.stop();
    });

    const lastLog = () => lastLogAfter(t, calls);
    const post = (path: string, body: Json, headers: Record<string, string>) =>
      fetch(t.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const expectBilled = async (usage: Usage | undefined) => {
      const log = await lastLog();
      if (!usage) return;
      expect(log.prompt_tokens).toBe(usage.promptTokens);
      expect(log.completion_tokens).toBe(usage.completionTokens);
    };
    const anthropicCall = {
      model: 'claude-sonnet-4-5-20250929',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'go' }],
    };
    const geminiCall = { contents: [{ role: 'user', parts: [{ text: 'go' }] }] };

    it.each(anthropicAnswers)(
      '%s: passed through to an Anthropic client unchanged, and billed',
      async (file) => {
        const recorded = fixtureJson<Json>(file);
        mock.reply('/claude/v1/messages', { json: recorded });
        calls++;
        const response = await post('/v1/messages', anthropicCall, {
          'x-api-key': key,
          'anthropic-version': '2023-06-01',
        });
        expect(await response.json()).toEqual(recorded);
        await expectBilled(fromAnthropicUsage(recorded.usage));
      },
    );

    it.each(anthropicAnswers)('%s: converted for an OpenAI client', async (file) => {
      const recorded = fixtureJson<Json>(file);
      mock.reply('/claude/v1/messages', { json: recorded });
      calls++;
      const answer = await openai.chat.completions.create({
        model: 'claude-sonnet-4-5-20250929',
        messages: [{ role: 'user', content: 'go' }],
      });
      const expected = fromAnthropicMessage(recorded).body as { choices: OpenAI.ChatCompletion.Choice[] };
      expect(answer.choices[0]!.message.content).toEqual(expected.choices[0]!.message.content);
      expect(answer.choices[0]!.message.tool_calls).toEqual(expected.choices[0]!.message.tool_calls);
      expect(answer.choices[0]!.finish_reason).toBe(expected.choices[0]!.finish_reason);
      await expectBilled(fromAnthropicUsage(recorded.usage));
    });

    it.each(anthropicStreams)('%s: streamed through to an Anthropic client event by event', async (file) => {
      const events = anthropicEvents(file);
      mock.reply('/claude/v1/messages', { events });
      calls++;
      const response = await post(
        '/v1/messages',
        { ...anthropicCall, stream: true },
        { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
      );
      const text = await response.text();
      let at = 0;
      for (const e of events) {
        const next = text.indexOf(`event: ${e.event}\ndata: ${e.data}\n\n`, at);
        expect(next, `${e.event} missing or out of order`).toBeGreaterThanOrEqual(at);
        at = next + 1;
      }
      await lastLog();
    });

    it.each(anthropicStreams)('%s: streamed to an OpenAI client as chat chunks', async (file) => {
      mock.reply('/claude/v1/messages', { events: anthropicEvents(file) });
      calls++;
      const stream = await openai.chat.completions.create({
        model: 'claude-sonnet-4-5-20250929',
        messages: [{ role: 'user', content: 'go' }],
        stream: true,
      });
      let sawError = false;
      try {
        for await (const chunk of stream) void chunk;
      } catch {
        // A recording that ends in an error (or splices two messages) reaches the client as one.
        sawError = true;
      }
      const usage = streamUsage(file, (e) => {
        const u = (e.message as Json | undefined)?.usage ?? e.usage;
        return u ? fromAnthropicUsage(u) : undefined;
      });
      const log = await lastLog();
      // Some recordings chain several calls of a multi-step run; a real call carries one message.
      const messages = fixtureChunks(file).filter((line) => line.includes('"type":"message_start"')).length;
      if (!sawError && usage && messages === 1) expect(log.completion_tokens).toBe(usage.completionTokens);
    });

    it.each(geminiAnswers)(
      '%s: passed through to a Gemini client unchanged, and converted for an OpenAI client',
      async (file) => {
        const recorded = fixtureJson<Json>(file);
        mock.reply('/google/v1beta/models/gemini-2.5-flash:generateContent', { json: recorded });
        calls++;
        const native = await post('/v1beta/models/gemini-2.5-flash:generateContent', geminiCall, {
          'x-goog-api-key': key,
        });
        expect(await native.json()).toEqual(recorded);
        await expectBilled(fromGeminiUsage(recorded.usageMetadata));

        calls++;
        const answer = await openai.chat.completions.create({
          model: 'gemini-2.5-flash',
          messages: [{ role: 'user', content: 'go' }],
        });
        const expected = fromGeminiResponse(recorded, 'gemini-2.5-flash').body as {
          choices: OpenAI.ChatCompletion.Choice[];
        };
        expect(answer.choices[0]!.message.content).toEqual(expected.choices[0]!.message.content);
        expect(
          answer.choices[0]!.message.tool_calls?.map(
            (c) => (c as OpenAI.ChatCompletionMessageFunctionToolCall).function,
          ),
        ).toEqual(
          expected.choices[0]!.message.tool_calls?.map(
            (c) => (c as OpenAI.ChatCompletionMessageFunctionToolCall).function,
          ),
        );
        await expectBilled(fromGeminiUsage(recorded.usageMetadata));
      },
    );

    it.each(geminiStreams)(
      '%s: streamed through to a Gemini client, and converted for an OpenAI client',
      async (file) => {
        const events = geminiEvents(file);
        const path = '/google/v1beta/models/gemini-2.5-flash:streamGenerateContent';
        mock.reply(path, { events });
        calls++;
        const native = await (
          await post('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse', geminiCall, {
            'x-goog-api-key': key,
          })
        ).text();
        let at = 0;
        for (const e of events) {
          const next = native.indexOf(`data: ${e.data}\n\n`, at);
          expect(next).toBeGreaterThanOrEqual(at);
          at = next + 1;
        }
        const usage = streamUsage(file, (e) =>
          e.usageMetadata ? fromGeminiUsage(e.usageMetadata) : undefined,
        );
        await expectBilled(usage);

        mock.reply(path, { events });
        calls++;
        const stream = await openai.chat.completions.create({
          model: 'gemini-2.5-flash',
          messages: [{ role: 'user', content: 'go' }],
          stream: true,
        });
        const args: string[] = [];
        for await (const chunk of stream)
          for (const call of chunk.choices[0]?.delta?.tool_calls ?? [])
            args.push(call.function?.arguments ?? '');
        for (const a of args.filter((x) => x !== '')) expect(() => JSON.parse(a)).not.toThrow();
        await expectBilled(usage);
      },
    );
  },
);
