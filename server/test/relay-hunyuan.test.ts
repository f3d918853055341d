import { ChannelType } from '@relaygate/contract';
import type OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { tc3Authorization } from '../src/relay/providers/hunyuan/tc3-sign.ts';
import { gatewayOpenAI, lastLogIn, useBenchSuite } from './support/bench-suite.ts';
import { collected, collectedAvailable, fixtureChunks, fixtureJson } from './support/fixtures.ts';
import { readChatStream } from './support/read-chat-stream.ts';
import { channelRow, seedChannel, setRelayOption } from './support/relay-seed.ts';
import { databaseUnavailable } from './support/test-server.ts';

/**
 * Issue #27: a Tencent Hunyuan channel (type 23) with an AppId|SecretId|SecretKey key is served by
 * Tencent Cloud's own API (ChatCompletions, TC3-signed) at the channel's base URL, streamed and
 * not, with tool calls, billed from its Usage; the failures it tells with HTTP 200 reach the
 * caller as upstream errors. The mock replays Tencent's documented answers
 * (shared/fixtures/upstream-collected/hunyuan/tc3.*).
 */
const GROUP = 'hunyuan';
const MODEL = 'hunyuan-pro';
const SECRET_KEY = 'hunyuan-secret-key';
const KEY = `1300000000|AKIDhunyuanexample|${SECRET_KEY}`;
const tc3 = (name: string) => collected(`hunyuan/tc3.ChatCompletions.${name}`);

describe.skipIf(databaseUnavailable() || !collectedAvailable)(
  'a Hunyuan channel with a TC3 key in the relay',
  () => {
    const suite = useBenchSuite();
    let key = '';
    let channel = 0;

    beforeAll(async () => {
      const { t, mock, bench, root } = suite;
      await setRelayOption(root, 'ModelRatio', JSON.stringify({ [MODEL]: 1, 'hunyuan-auth': 1 }));
      channel = await seedChannel(t, {
        type: ChannelType.Tencent,
        key: KEY,
        baseUrl: `${mock.url}/hunyuan`,
        models: [MODEL],
        group: GROUP,
      });
      key = (await bench.callerIn(GROUP)).key;
    });

    const openai = () => gatewayOpenAI(suite, key);
    const lastLog = (count: number) => lastLogIn(suite, GROUP, count);
    const lastSent = () => suite.mock.requestsTo('/hunyuan/').at(-1)!;
    const answerWith = (reply: Parameters<typeof suite.mock.reply>[1]) =>
      suite.mock.reply('/hunyuan/', reply);

    it('answers an OpenAI chat call, signed for the host called, billed from its Usage', async () => {
      answerWith({ json: fixtureJson(tc3('non-stream-multiturn.doc-tccli.json')) });
      const answer = await openai().chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: '北京和深圳今天的天气怎么样？' }],
        temperature: 0.5,
      });
      expect(answer.choices[0]!.message.content).toMatch(/^北京今天的天气情况是/);
      expect(answer.usage).toMatchObject({ prompt_tokens: 71, completion_tokens: 42 });
      const sent = lastSent();
      expect(sent.headers).toMatchObject({
        'x-tc-action': 'ChatCompletions',
        'x-tc-version': '2023-09-01',
        'content-type': 'application/json',
      });
      expect(sent.json).toEqual({
        Model: MODEL,
        Messages: [{ Role: 'user', Content: '北京和深圳今天的天气怎么样？' }],
        Stream: false,
        Temperature: 0.5,
      });
      // The signature the gateway sent is the one Tencent computes over what it received.
      expect(sent.headers.authorization).toBe(
        tc3Authorization({
          secretId: 'AKIDhunyuanexample',
          secretKey: SECRET_KEY,
          service: 'hunyuan',
          host: String(sent.headers.host),
          contentType: 'application/json',
          payload: sent.body.toString('utf8'),
          timestamp: Number(sent.headers['x-tc-timestamp']),
        }),
      );
      expect(String(sent.headers.authorization)).not.toContain(SECRET_KEY);
      expect(await lastLog(1)).toMatchObject({ model_name: MODEL, prompt_tokens: 71, completion_tokens: 42 });
    });

    it('streams: the deltas in order, one stop, the last Usage billed (no [DONE] upstream)', async () => {
      answerWith({ sse: fixtureChunks(tc3('stream.doc-tccli.chunks.txt')), done: false });
      const stream = await openai().chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: '1+1=' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const { text, usage } = await readChatStream(stream);
      expect(text).toBe('1+1=2');
      expect(usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 5 });
      expect(lastSent().json).toMatchObject({ Stream: true });
      expect(await lastLog(2)).toMatchObject({ prompt_tokens: 4, completion_tokens: 5 });
    });

    it('passes tools on and answers the tool call', async () => {
      answerWith({ json: fixtureJson(tc3('non-stream-tool-calls.doc-tccli.json')) });
      const answer = await openai().chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: '北京和深圳今天的天气怎么样？' }],
        tools: [
          {
            type: 'function',
            function: { name: 'get_current_weather', parameters: { type: 'object', properties: {} } },
          },
        ],
      });
      expect(answer.choices[0]).toMatchObject({
        finish_reason: 'tool_calls',
        message: { tool_calls: [{ type: 'function', function: { name: 'get_current_weather' } }] },
      });
      expect(lastSent().json).toMatchObject({
        Tools: [{ Type: 'function', Function: { Name: 'get_current_weather' } }],
      });
      await lastLog(3);
    });

    it("gives an error told with HTTP 200 back as the caller's 400, with Tencent's code, streamed or not", async () => {
      answerWith({ json: fixtureJson(tc3('error-InvalidParameter.doc-tccli.json')) });
      const failure = await openai()
        .chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'hi' }],
          temperature: 2,
        })
        .catch((error: unknown) => error as InstanceType<typeof OpenAI.APIError>);
      expect(failure).toMatchObject({
        status: 400,
        message: expect.stringContaining('InvalidParameter: Temperature must be 2 or less'),
      });
      // Asked as a stream, Tencent answers the failure as JSON, before any stream begins.
      const streamed = await openai()
        .chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'hi' }],
          temperature: 2,
          stream: true,
        })
        .catch((error: unknown) => error as InstanceType<typeof OpenAI.APIError>);
      expect(streamed).toMatchObject({ status: 400, message: expect.stringContaining('InvalidParameter') });
      const test = await suite.root.get<unknown>(`/api/channel/test/${channel}`);
      expect(test.body).toMatchObject({
        success: false,
        message: 'InvalidParameter: Temperature must be 2 or less',
      });
      expect((await channelRow(suite.t, channel)).status).toBe(1);
    });

    it('passes the channel test with a good answer', async () => {
      answerWith({ json: fixtureJson(tc3('non-stream-unwrapped.doc-tccli.json')) });
      const test = await suite.root.get<unknown>(`/api/channel/test/${channel}`);
      expect(test.body).toMatchObject({ success: true });
      expect(lastSent().json).toMatchObject({ Model: MODEL, Messages: [{ Role: 'user', Content: 'hi' }] });
    });

    it('turns refused credentials into a 401 that disables the channel, never a 500', async () => {
      // Tencent's recorded error envelope, carrying its documented code for a bad signature.
      const recorded = fixtureJson<{ Response: { Error: { Code: string; Message: string } } }>(
        tc3('error-InvalidParameter.doc-tccli.json'),
      );
      recorded.Response.Error = {
        Code: 'AuthFailure.SignatureFailure',
        Message: 'The provided credentials could not be validated.',
      };
      await setRelayOption(suite.root, 'AutomaticDisableChannelEnabled', 'true');
      const refused = await seedChannel(suite.t, {
        type: ChannelType.Tencent,
        key: '1300000000|AKIDrevoked|revoked-secret',
        baseUrl: `${suite.mock.url}/hunyuan-refused`,
        models: ['hunyuan-auth'],
        group: GROUP,
      });
      suite.mock.reply('/hunyuan-refused/', { json: recorded });
      const failure = await openai()
        .chat.completions.create({ model: 'hunyuan-auth', messages: [{ role: 'user', content: 'hi' }] })
        .catch((error: unknown) => error as InstanceType<typeof OpenAI.APIError>);
      expect(failure).toMatchObject({
        status: 401,
        message: expect.stringContaining('AuthFailure.SignatureFailure'),
      });
      expect((await channelRow(suite.t, refused)).status).toBe(3);
    });
  },
);
