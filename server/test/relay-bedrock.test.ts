import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { ChannelType } from '@relaygate/contract';
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBenchSuite } from './support/bench-suite.ts';
import { converseFrames, EVENT_STREAM, exceptionFrame } from './support/bedrock-frames.ts';
import { collectedAvailable, fixtureJson, fixturesAvailable } from './support/fixtures.ts';
import type { RecordedRequest } from './support/mock-upstream.ts';
import { readChatStream } from './support/read-chat-stream.ts';
import { seedChannel, setRelayOption } from './support/relay-seed.ts';
import { databaseUnavailable } from './support/test-server.ts';

/**
 * Issue #27: an AWS Bedrock channel (type 33) serves chat from OpenAI and Anthropic clients,
 * streamed and not, through the Converse API, with new-api's keys (AK|SK|region signed with
 * SigV4, apikey|region as a Bearer token). The mock upstream replays recorded Converse answers
 * (shared/fixtures/upstream/amazon-bedrock); streams go out as AWS event-stream frames.
 */
const MODEL = 'claude-3-5-sonnet-20241022';
const MODEL_PATH = '/model/us.anthropic.claude-3-5-sonnet-20241022-v2%3A0';
const SIGNED = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };

/** The signature the mock expects: the same request signed again for the host it was sent to, at its x-amz-date. */
async function expectedAuthorization(request: RecordedRequest, path: string): Promise<string> {
  const amzDate = String(request.headers['x-amz-date']);
  const date = new Date(
    amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
  );
  const signer = new SignatureV4({
    credentials: SIGNED,
    region: 'us-east-1',
    service: 'bedrock',
    sha256: Sha256,
    applyChecksum: false,
  });
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: 'http:',
      hostname: '127.0.0.1',
      path,
      query: {},
      headers: {
        host: String(request.headers.host),
        'content-type': 'application/json',
        'x-amz-date': amzDate,
      },
      body: request.body.toString('utf8'),
    },
    { signingDate: date },
  );
  return signed.headers.authorization!;
}

describe.skipIf(databaseUnavailable() || !fixturesAvailable || !collectedAvailable)(
  'an AWS Bedrock channel in the relay',
  () => {
    const suite = useBenchSuite();
    let key = '';
    let apiKeyCaller = '';
    let badKeyCaller = '';

    beforeAll(async () => {
      const { t, mock, bench, root } = suite;
      await setRelayOption(root, 'ModelRatio', JSON.stringify({ [MODEL]: 1.5, 'amazon.nova-pro-v1:0': 1 }));
      mock.handler(`/bedrock${MODEL_PATH}/converse`, (request) => {
        const text = JSON.stringify(request.json);
        if (text.includes('throttle me')) {
          return {
            status: 429,
            json: { message: 'Too many requests, please wait before trying again.' },
            headers: {
              'x-amzn-errortype': 'ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/',
            },
          };
        }
        if (text.includes('invalid please')) {
          return {
            status: 400,
            json: { message: 'messages: text content blocks must be non-empty' },
            headers: {
              'x-amzn-errortype': 'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/',
            },
          };
        }
        return { json: fixtureJson('amazon-bedrock/amazon-bedrock-text.json') };
      });
      mock.handler(`/bedrock${MODEL_PATH}/converse-stream`, (request) => {
        const text = JSON.stringify(request.json);
        if (text.includes('weather')) return { bytes: converseFrames('tool-call.1'), headers: EVENT_STREAM };
        if (text.includes('fail mid-way'))
          return { bytes: [...converseFrames('text').slice(0, 3), exceptionFrame()], headers: EVENT_STREAM };
        return { bytes: converseFrames('text'), headers: EVENT_STREAM };
      });
      mock.reply('/bedrock-eu/model/amazon.nova-pro-v1%3A0/converse', {
        json: fixtureJson('amazon-bedrock/amazon-bedrock-text.json'),
      });
      await seedChannel(t, {
        type: ChannelType.Aws,
        key: `${SIGNED.accessKeyId}|${SIGNED.secretAccessKey}|us-east-1`,
        baseUrl: `${mock.url}/bedrock`,
        models: [MODEL],
        group: 'bedrock',
      });
      await seedChannel(t, {
        type: ChannelType.Aws,
        key: 'ABSK-bedrock-api-key|eu-west-1',
        baseUrl: `${mock.url}/bedrock-eu`,
        models: ['amazon.nova-pro-v1:0'],
        group: 'bedrock-apikey',
      });
      await seedChannel(t, {
        type: ChannelType.Aws,
        key: 'just-a-secret-key',
        baseUrl: `${mock.url}/bedrock`,
        models: [MODEL],
        group: 'bedrock-badkey',
      });
      key = (await bench.callerIn('bedrock')).key;
      apiKeyCaller = (await bench.callerIn('bedrock-apikey')).key;
      badKeyCaller = (await bench.callerIn('bedrock-badkey')).key;
    });

    const openai = (apiKey = key) => new OpenAI({ apiKey, baseURL: `${suite.t.url}/v1`, maxRetries: 0 });
    const lastLog = async (group: string, count: number) =>
      (await suite.bench.waitLogs(group, count)).at(-1)!;

    it('answers an OpenAI chat call from Converse, SigV4-signed for the host called, billed from its usage', async () => {
      const answer = await openai().chat.completions.create({
        model: MODEL,
        messages: [
          { role: 'system', content: 'Count carefully.' },
          { role: 'user', content: 'How many r in strawberry?' },
        ],
        max_tokens: 200,
        temperature: 0.3,
      });
      expect(answer.choices[0]!.message.content).toMatch(/^Let me count the "r"s in "strawberry"/);
      expect(answer.choices[0]!.finish_reason).toBe('stop');
      expect(answer.usage).toMatchObject({ prompt_tokens: 22, completion_tokens: 57 });
      const sent = suite.mock.requestsTo(`/bedrock${MODEL_PATH}/converse`).at(-1)!;
      expect(sent.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      expect(sent.headers.authorization).toBe(
        await expectedAuthorization(sent, `/bedrock${MODEL_PATH}/converse`),
      );
      expect(sent.json).toEqual({
        system: [{ text: 'Count carefully.' }],
        messages: [{ role: 'user', content: [{ text: 'How many r in strawberry?' }] }],
        inferenceConfig: { maxTokens: 200, temperature: 0.3 },
      });
      expect(await lastLog('bedrock', 1)).toMatchObject({
        model_name: MODEL,
        prompt_tokens: 22,
        completion_tokens: 57,
      });
    });

    it('streams the event-stream to an OpenAI client, with the usage Bedrock reported', async () => {
      const stream = await openai().chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'How many r in strawberry?' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const { text, usage } = await readChatStream(stream);
      expect(text).toBe(
        'Let me count the "r"s in "strawberry":\n\ns-t-**r**-a-w-b-e-**r**-**r**-y\n\nThere are **3** r\'s in "strawberry."',
      );
      expect(usage).toMatchObject({ prompt_tokens: 22, completion_tokens: 55 });
      const sent = suite.mock.requestsTo(`/bedrock${MODEL_PATH}/converse-stream`).at(-1)!;
      expect(sent.headers.authorization).toBe(
        await expectedAuthorization(sent, `/bedrock${MODEL_PATH}/converse-stream`),
      );
      expect(await lastLog('bedrock', 2)).toMatchObject({ prompt_tokens: 22, completion_tokens: 55 });
    });

    it('streams a tool call to an OpenAI client as tool_calls, its arguments joined', async () => {
      const stream = await openai().chat.completions.create({
        model: MODEL,
        max_tokens: 300,
        messages: [{ role: 'user', content: 'What is the weather?' }],
        tools: [
          {
            type: 'function',
            function: {
              name: 'test-tool',
              description: 'weather',
              parameters: { type: 'object', properties: { value: { type: 'string' } } },
            },
          },
        ],
        tool_choice: 'required',
        stream: true,
        stream_options: { include_usage: true },
      });
      const { toolCalls, finishReason, usage } = await readChatStream(stream);
      expect(toolCalls).toEqual([
        { id: 'tool-use-id', name: 'test-tool', arguments: '{"value":"Sparkle Day"}' },
      ]);
      expect(finishReason).toBe('tool_calls');
      expect(usage).toMatchObject({ completion_tokens: 45 });
      const sent = suite.mock.requestsTo(`/bedrock${MODEL_PATH}/converse-stream`).at(-1)!;
      expect(sent.json).toMatchObject({
        inferenceConfig: { maxTokens: 300 },
        toolConfig: {
          tools: [{ toolSpec: { name: 'test-tool', inputSchema: { json: { type: 'object' } } } }],
          toolChoice: { any: {} },
        },
      });
      expect(await lastLog('bedrock', 3)).toMatchObject({ prompt_tokens: 125, completion_tokens: 45 });
    });

    it('ends a stream with an error when Bedrock sends an exception frame', async () => {
      const stream = await openai().chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'fail mid-way' }],
        stream: true,
      });
      let text = '';
      const read = async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      };
      await expect(read()).rejects.toThrow(/modelStreamErrorException: Model Stream Error/);
      expect(text).toBe('Let me count the "');
    });

    it('gives the caller a throttled call as a 429 and a ValidationException as its 400', async () => {
      const call = (content: string) =>
        openai().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content }] });
      await expect(call('throttle me')).rejects.toMatchObject({
        status: 429,
        message: expect.stringContaining('ThrottlingException'),
      });
      await expect(call('invalid please')).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining(
          'ValidationException: messages: text content blocks must be non-empty',
        ),
      });
    });

    it('sends a Bedrock API key as a Bearer token, the other model names passed through as ids', async () => {
      const answer = await openai(apiKeyCaller).chat.completions.create({
        model: 'amazon.nova-pro-v1:0',
        messages: [{ role: 'user', content: 'How many r in strawberry?' }],
      });
      expect(answer.usage).toMatchObject({ prompt_tokens: 22, completion_tokens: 57 });
      const sent = suite.mock.requestsTo('/bedrock-eu/model/amazon.nova-pro-v1%3A0/converse').at(-1)!;
      expect(sent.headers.authorization).toBe('Bearer ABSK-bedrock-api-key');
      expect(sent.headers['x-amz-date']).toBeUndefined();
    });

    it('refuses a malformed key naming the formats it takes, never the key', async () => {
      const error = await openai(badKeyCaller)
        .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })
        .then(
          () => undefined,
          (caught: unknown) => caught as InstanceType<typeof OpenAI.APIError>,
        );
      expect(error).toBeInstanceOf(OpenAI.APIError);
      expect(error?.message).toContain('AccessKeyId|SecretAccessKey|region');
      expect(error?.message).not.toContain('just-a-secret-key');
      expect(error?.status).toBeLessThan(500);
    });
  },
);
