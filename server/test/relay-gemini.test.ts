import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureChunks, fixtureJson, fixturesAvailable, geminiEvents } from './support/fixtures.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { expectedQuota, lastLogAfter, seedChannel, seedToken } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

interface GeminiAnswer {
  candidates: Array<{
    content: {
      parts: Array<{ text?: string; thought?: boolean; functionCall?: { name: string; args?: unknown } }>;
    };
  }>;
  usageMetadata: { promptTokenCount: number; candidatesTokenCount: number; thoughtsTokenCount?: number };
}

const FLASH = { model: 0.15, completion: 8.33 }; // gemini-2.5-flash's defaults

describe.skipIf(databaseUnavailable() || !fixturesAvailable)(
  'Gemini: /v1beta in, Gemini channels out',
  () => {
    let t: TestServer;
    let mock: MockUpstream;
    let key: string;
    let calls = 0;
    let geminiChannel = 0;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      t = await startTestServer();
      geminiChannel = await seedChannel(t, {
        type: 24,
        baseUrl: `${mock.url}/google`,
        key: 'goog-upstream',
        models: ['gemini-2.5-flash'],
      });
      await seedChannel(t, { type: 1, baseUrl: `${mock.url}/openai`, models: ['gpt-4.1-nano'] });
      key = (await seedToken(t)).key;
    });
    afterAll(async () => {
      await t?.close();
      await mock?.stop();
    });

    const google = () => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: t.url } });
    const openai = () => new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
    const lastLog = () => lastLogAfter(t, calls);
    const textOf = (answer: GeminiAnswer) =>
      answer.candidates[0]!.content.parts.filter((p) => p.text !== undefined && !p.thought)
        .map((p) => p.text)
        .join('');

    it('passes a Gemini call through to a Gemini channel, with the key and version the upstream expects', async () => {
      const recorded = fixtureJson<GeminiAnswer>('google/google-text.json');
      mock.reply('/google/v1beta/models/gemini-2.5-flash:generateContent', { json: recorded });
      calls++;
      const answer = await google().models.generateContent({ model: 'gemini-2.5-flash', contents: 'Hello' });
      expect(answer.text).toBe(textOf(recorded));
      expect(mock.requests.at(-1)!.headers['x-goog-api-key']).toBe('goog-upstream');
      const log = await lastLog();
      const u = recorded.usageMetadata;
      const completion = u.candidatesTokenCount + (u.thoughtsTokenCount ?? 0);
      expect(log.prompt_tokens).toBe(u.promptTokenCount);
      expect(log.completion_tokens).toBe(completion);
      expect(Number(log.quota)).toBe(expectedQuota({ prompt: u.promptTokenCount, completion }, FLASH));
    });

    it('passes a Gemini stream through', async () => {
      mock.reply('/google/v1beta/models/gemini-2.5-flash:streamGenerateContent', {
        events: geminiEvents('google/google-text.chunks.txt'),
      });
      calls++;
      let text = '';
      for await (const chunk of await google().models.generateContentStream({
        model: 'gemini-2.5-flash',
        contents: 'Hello',
      })) {
        text += chunk.text ?? '';
      }
      const expected = fixtureChunks('google/google-text.chunks.txt')
        .map((l) => textOf(JSON.parse(l) as GeminiAnswer))
        .join('');
      expect(text).toBe(expected);
      expect(mock.requests.at(-1)!.url).toContain(':streamGenerateContent?alt=sse');
      await lastLog();
    });

    it('serves an OpenAI chat call from a Gemini channel, with tool calls and thinking tokens billed', async () => {
      const recorded = fixtureJson<GeminiAnswer>('google/google-tool-call.json');
      mock.reply('/google/v1beta/models/gemini-2.5-flash:generateContent', { json: recorded });
      calls++;
      const answer = await openai().chat.completions.create({
        model: 'gemini-2.5-flash',
        messages: [
          { role: 'system', content: 'Use tools.' },
          { role: 'user', content: 'Weather in Berlin?' },
        ],
        tools: [
          {
            type: 'function',
            function: {
              name: 'weather',
              parameters: { type: 'object', properties: { city: { type: 'string' } } },
            },
          },
        ],
      });
      const expectedCall = recorded.candidates[0]!.content.parts.find((p) => p.functionCall)!.functionCall!;
      const call = answer.choices[0]!.message.tool_calls![0] as OpenAI.ChatCompletionMessageFunctionToolCall;
      expect(call.function.name).toBe(expectedCall.name);
      expect(JSON.parse(call.function.arguments)).toEqual(expectedCall.args ?? {});
      expect(answer.choices[0]!.finish_reason).toBe('tool_calls');
      const sent = mock.requests.at(-1)!.json!;
      expect(sent.systemInstruction).toBeTruthy();
      expect(sent.tools).toBeTruthy();
      const u = recorded.usageMetadata;
      const log = await lastLog();
      expect(log.completion_tokens).toBe(u.candidatesTokenCount + (u.thoughtsTokenCount ?? 0));
    });

    it('streams an OpenAI chat call from a Gemini channel', async () => {
      mock.reply('/google/v1beta/models/gemini-2.5-flash:streamGenerateContent', {
        events: geminiEvents('google/google-text.chunks.txt'),
      });
      calls++;
      const stream = await openai().chat.completions.create({
        model: 'gemini-2.5-flash',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      const expected = fixtureChunks('google/google-text.chunks.txt')
        .map((l) => textOf(JSON.parse(l) as GeminiAnswer))
        .join('');
      expect(text).toBe(expected);
      await lastLog();
    });

    it('serves a Gemini call from an OpenAI channel, streamed and not', async () => {
      const recorded = fixtureJson<{
        choices: Array<{ message: { content: string } }>;
        usage: { completion_tokens: number };
      }>('openai/chat/openai-text.json');
      mock.reply('/openai/v1/chat/completions', { json: recorded });
      calls++;
      const answer = await google().models.generateContent({ model: 'gpt-4.1-nano', contents: 'Hi' });
      expect(answer.text).toBe(recorded.choices[0]!.message.content);
      expect(answer.usageMetadata?.candidatesTokenCount).toBe(recorded.usage.completion_tokens);
      await lastLog();

      mock.reply('/openai/v1/chat/completions', { sse: fixtureChunks('openai/chat/openai-text.chunks.txt') });
      calls++;
      let text = '';
      for await (const chunk of await google().models.generateContentStream({
        model: 'gpt-4.1-nano',
        contents: 'Hi',
      })) {
        text += chunk.text ?? '';
      }
      expect(text.length).toBeGreaterThan(100);
      await lastLog();
    });

    it('tests a Gemini channel with a small generateContent call', async () => {
      mock.reply('/google/v1beta/models/gemini-2.5-flash:generateContent', {
        json: fixtureJson('google/google-text.json'),
      });
      expect(await t.server.app.channelTester.test(geminiChannel)).toMatchObject({ success: true });
      const sent = mock.requests.at(-1)!;
      expect(sent.url).toBe('/google/v1beta/models/gemini-2.5-flash:generateContent');
      expect(sent.json).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    });

    it('lists the key’s models in Gemini’s shape, and answers errors in Gemini’s shape', async () => {
      const response = await fetch(`${t.url}/v1beta/models?key=${key}`);
      const body = (await response.json()) as { models: Array<{ name: string }> };
      expect(body.models.map((m) => m.name)).toEqual(
        expect.arrayContaining(['models/gemini-2.5-flash', 'models/gpt-4.1-nano']),
      );
      const bad = await fetch(`${t.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
        method: 'POST',
        headers: { 'x-goog-api-key': 'wrong', 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
      });
      expect(bad.status).toBe(401);
      expect(((await bad.json()) as { error: { status: string; code: number } }).error).toMatchObject({
        code: 401,
        status: 'UNAUTHENTICATED',
      });
    });
  },
);
