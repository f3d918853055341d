import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import { ChannelType } from '@relaygate/contract';
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { throwawayServiceAccount } from '../src/relay/providers/vertex/vertex-account.test-support.ts';
import { useBenchSuite } from './support/bench-suite.ts';
import {
  anthropicEvents,
  collected,
  collectedAvailable,
  fixtureJson,
  fixturesAvailable,
  geminiEvents,
} from './support/fixtures.ts';
import { channelRow, seedChannel, setRelayOption } from './support/relay-seed.ts';
import { databaseUnavailable } from './support/test-server.ts';

/**
 * Issue #27: a Vertex AI channel (type 41) with new-api's service-account JSON key and its region
 * map: the gateway signs an assertion, exchanges it at the key's token_uri (the mock), and calls
 * Claude models through rawPredict/streamRawPredict, Gemini models through generateContent, and
 * text embeddings through predict, each with the token it got. The mock replays recordings.
 */
const GROUP = 'vertex';
const ISSUED = 'ya29.vertex-issued-token';
const PROJECT = 'relaygate-vertex';
const CLAUDE_RAW = collected('vertex-anthropic/rawPredict.claude-opus-4-6.live-quarkus-readme.json');
const CLAUDE_STREAM = collected(
  'vertex-anthropic/streamRawPredict.claude-sonnet-5.cache-write.live-go-steer.chunks.txt',
);
const modelPath = (region: string, publisher: string, model: string, action: string) =>
  `/vertex/v1/projects/${PROJECT}/locations/${region}/publishers/${publisher}/models/${model}:${action}`;

describe.skipIf(databaseUnavailable() || !fixturesAvailable || !collectedAvailable)(
  'a Vertex AI channel in the relay',
  () => {
    const suite = useBenchSuite();
    let key = '';

    beforeAll(async () => {
      const { t, mock, bench, root } = suite;
      const ratios = {
        'claude-opus-4-6': 2.5,
        'claude-sonnet-5': 1.5,
        'gemini-2.5-flash': 0.15,
        'text-embedding-005': 0.05,
      };
      const failing = { 'gemini-broken-key': 0.15, 'gemini-rejected': 0.15 };
      await setRelayOption(root, 'ModelRatio', JSON.stringify({ ...ratios, ...failing }));
      mock.reply('/token', { json: { access_token: ISSUED, expires_in: 3599, token_type: 'Bearer' } });
      mock.reply(modelPath('us-east5', 'anthropic', 'claude-opus-4-6', 'rawPredict'), {
        json: fixtureJson(CLAUDE_RAW),
      });
      mock.reply(modelPath('us-east5', 'anthropic', 'claude-sonnet-5', 'streamRawPredict'), {
        events: anthropicEvents(CLAUDE_STREAM),
      });
      mock.reply(modelPath('global', 'google', 'gemini-2.5-flash', 'generateContent'), {
        json: fixtureJson('google/google-text.json'),
      });
      mock.reply(modelPath('global', 'google', 'gemini-2.5-flash', 'streamGenerateContent'), {
        events: geminiEvents('google/google-text.chunks.txt'),
      });
      mock.reply(modelPath('us-east5', 'google', 'text-embedding-005', 'predict'), {
        json: fixtureJson('google-vertex/google-vertex-embedding.json'),
      });
      await seedChannel(t, {
        type: ChannelType.VertexAI,
        key: throwawayServiceAccount(`${mock.url}/token`, PROJECT).keyJson,
        baseUrl: `${mock.url}/vertex`,
        other: JSON.stringify({ default: 'us-east5', 'gemini-2.5-flash': 'global' }),
        models: Object.keys(ratios),
        group: GROUP,
      });
      key = (await bench.callerIn(GROUP)).key;
    });

    const openai = () => new OpenAI({ apiKey: key, baseURL: `${suite.t.url}/v1`, maxRetries: 0 });
    const anthropic = () => new Anthropic({ apiKey: key, baseURL: suite.t.url, maxRetries: 0 });
    const lastLog = async (count: number) => (await suite.bench.waitLogs(GROUP, count)).at(-1)!;
    const lastTo = (path: string) => suite.mock.requestsTo(path).at(-1)!;

    it('calls Claude through rawPredict with the issued token, anthropic_version and no model, billed from the recording', async () => {
      const recorded = fixtureJson<{ content: Array<{ text: string }> }>(CLAUDE_RAW);
      const answer = await openai().chat.completions.create({
        model: 'claude-opus-4-6',
        max_tokens: 1024,
        messages: [{ role: 'user', content: 'Hi Claude' }],
      });
      expect(answer.choices[0]!.message.content).toBe(recorded.content[0]!.text);
      expect(answer.usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 24 });
      const sent = lastTo(modelPath('us-east5', 'anthropic', 'claude-opus-4-6', 'rawPredict'));
      expect(sent.headers.authorization).toBe(`Bearer ${ISSUED}`);
      expect(sent.json).toMatchObject({
        anthropic_version: 'vertex-2023-10-16',
        max_tokens: 1024,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi Claude' }] }],
      });
      expect(sent.json).not.toHaveProperty('model');
      const token = suite.mock.requestsTo('/token');
      expect(token).toHaveLength(1);
      const form = new URLSearchParams(token[0]!.body.toString('utf8'));
      expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
      expect(form.get('assertion')!.split('.')).toHaveLength(3);
      expect(await lastLog(1)).toMatchObject({
        model_name: 'claude-opus-4-6',
        prompt_tokens: 9,
        completion_tokens: 24,
      });
    });

    it('streams Claude through streamRawPredict to an Anthropic client, billed with the cache write', async () => {
      const stream = anthropic().messages.stream({
        model: 'claude-sonnet-5',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'Say ack' }],
      });
      const message = await stream.finalMessage();
      expect(message.content).toMatchObject([{ type: 'text', text: 'ack' }]);
      expect(message.usage.output_tokens).toBe(4);
      const sent = lastTo(modelPath('us-east5', 'anthropic', 'claude-sonnet-5', 'streamRawPredict'));
      expect(sent.url.endsWith(':streamRawPredict?alt=sse')).toBe(true);
      expect(sent.headers.authorization).toBe(`Bearer ${ISSUED}`);
      expect(sent.json).toMatchObject({ anthropic_version: 'vertex-2023-10-16', stream: true });
      expect(sent.json).not.toHaveProperty('model');
      // The token is kept: one exchange for every call so far.
      expect(suite.mock.requestsTo('/token')).toHaveLength(1);
      expect(await lastLog(2)).toMatchObject({
        model_name: 'claude-sonnet-5',
        prompt_tokens: 10 + 28804,
        completion_tokens: 4,
      });
    });

    it('calls Gemini through generateContent in the region the map gives it, billed from usageMetadata', async () => {
      const answer = await openai().chat.completions.create({
        model: 'gemini-2.5-flash',
        messages: [{ role: 'user', content: 'How many rs in strawberry?' }],
      });
      expect(answer.choices[0]!.message.content).toContain('There are **3** r');
      const sent = lastTo(modelPath('global', 'google', 'gemini-2.5-flash', 'generateContent'));
      expect(sent.headers.authorization).toBe(`Bearer ${ISSUED}`);
      expect(sent.json).toMatchObject({
        contents: [{ role: 'user', parts: [{ text: 'How many rs in strawberry?' }] }],
      });
      expect(await lastLog(3)).toMatchObject({ prompt_tokens: 9, completion_tokens: 28 + 244 });
    });

    it('streams Gemini through streamGenerateContent?alt=sse to an OpenAI client', async () => {
      const stream = await openai().chat.completions.create({
        model: 'gemini-2.5-flash',
        messages: [{ role: 'user', content: 'How many rs in strawberry?' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toContain('3');
      const sent = lastTo(modelPath('global', 'google', 'gemini-2.5-flash', 'streamGenerateContent'));
      expect(sent.url.endsWith('?alt=sse')).toBe(true);
      expect(await lastLog(4)).toMatchObject({ prompt_tokens: 9, completion_tokens: 23 + 185 });
    });

    const gemini = () =>
      new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: suite.t.url, retryOptions: { attempts: 1 } } });
    const recordedText = fixtureJson<GenerateContentResponse>('google/google-text.json');

    it("passes a Gemini client's generateContent through: its body sent as it came, Vertex's answer given back whole", async () => {
      const own = {
        model: 'gemini-2.5-flash',
        contents: [{ role: 'user', parts: [{ text: 'How many rs in strawberry?' }] }],
        // What the chat core would not carry: Gemini's own settings and a cached content.
        config: { responseModalities: ['TEXT'], cachedContent: 'cachedContents/c-1', seed: 7 },
      };
      const answer = await gemini().models.generateContent(own);
      expect(answer.text).toBe(recordedText.candidates![0]!.content!.parts![0]!.text);
      expect(answer.candidates![0]!.content!.parts![0]!.thoughtSignature).toBe(
        recordedText.candidates![0]!.content!.parts![0]!.thoughtSignature,
      );
      expect({ version: answer.modelVersion, id: answer.responseId }).toEqual({
        version: recordedText.modelVersion,
        id: recordedText.responseId,
      });
      const sent = lastTo(modelPath('global', 'google', 'gemini-2.5-flash', 'generateContent'));
      expect(sent.headers.authorization).toBe(`Bearer ${ISSUED}`);
      expect(sent.json).toEqual({
        contents: own.contents,
        generationConfig: { responseModalities: ['TEXT'], seed: 7 },
        cachedContent: 'cachedContents/c-1',
      });
      expect(await lastLog(5)).toMatchObject({ prompt_tokens: 9, completion_tokens: 28 + 244 });
    });

    it("streams a Gemini client's streamGenerateContent through unconverted, billed from usageMetadata", async () => {
      const recorded = geminiEvents('google/google-text.chunks.txt');
      const stream = await gemini().models.generateContentStream({
        model: 'gemini-2.5-flash',
        contents: 'How many rs in strawberry?',
      });
      const heard: GenerateContentResponse[] = [];
      for await (const chunk of stream) heard.push(chunk);
      expect(heard.map((chunk) => chunk.responseId)).toEqual(
        recorded.map((event) => (JSON.parse(event.data) as GenerateContentResponse).responseId),
      );
      const sent = lastTo(modelPath('global', 'google', 'gemini-2.5-flash', 'streamGenerateContent'));
      expect(sent.json).toEqual({
        contents: [{ role: 'user', parts: [{ text: 'How many rs in strawberry?' }] }],
      });
      expect(await lastLog(6)).toMatchObject({ prompt_tokens: 9, completion_tokens: 23 + 185 });
    });

    it('embeds through predict, one vector per text, billed by the tokens Vertex counted', async () => {
      const answer = await openai().embeddings.create({
        model: 'text-embedding-005',
        input: ['What is life?', 'What is the meaning?'],
        encoding_format: 'float',
      });
      expect(answer.data.map((item) => item.index)).toEqual([0, 1]);
      expect(answer.data[0]!.embedding.slice(0, 2)).toEqual([-0.017999587580561638, -0.006893285550177097]);
      expect(answer.usage).toMatchObject({ prompt_tokens: 11 });
      expect(lastTo(modelPath('us-east5', 'google', 'text-embedding-005', 'predict')).json).toEqual({
        instances: [{ content: 'What is life?' }, { content: 'What is the meaning?' }],
      });
      expect(await lastLog(7)).toMatchObject({ model_name: 'text-embedding-005', prompt_tokens: 11 });
    });
    it("refuses a malformed key naming the expected format, and is disabled by a 401, in the caller's format", async () => {
      const { t, mock, bench, root } = suite;
      await setRelayOption(root, 'AutomaticDisableChannelEnabled', 'true');
      await seedChannel(t, {
        type: ChannelType.VertexAI,
        key: '{"project_id": "p"}',
        baseUrl: `${mock.url}/vertex`,
        models: ['gemini-broken-key'],
        group: 'vertex-bad',
      });
      const rejected = modelPath('us-east5', 'google', 'gemini-rejected', 'generateContent');
      mock.reply(rejected, {
        status: 401,
        json: {
          error: {
            code: 401,
            message: 'Request had invalid authentication credentials.',
            status: 'UNAUTHENTICATED',
          },
        },
      });
      const rejectedChannel = await seedChannel(t, {
        type: ChannelType.VertexAI,
        key: throwawayServiceAccount(`${mock.url}/token`, PROJECT).keyJson,
        baseUrl: `${mock.url}/vertex`,
        other: 'us-east5',
        models: ['gemini-rejected'],
        group: 'vertex-bad',
      });
      const caller = new OpenAI({
        apiKey: (await bench.callerIn('vertex-bad')).key,
        baseURL: `${t.url}/v1`,
        maxRetries: 0,
      });
      const ask = (model: string) =>
        caller.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).then(
          () => undefined,
          (error: unknown) => error as InstanceType<typeof OpenAI.APIError>,
        );
      const malformed = await ask('gemini-broken-key');
      expect(malformed?.message).toContain('the key must be a service account JSON key');
      expect(malformed?.message).not.toContain('"project_id"');
      const refused = await ask('gemini-rejected');
      expect(refused?.status).toBe(401);
      expect(refused?.message).toContain('Request had invalid authentication credentials.');
      expect((await channelRow(t, rejectedChannel)).status).toBe(3);
    });
  },
);
