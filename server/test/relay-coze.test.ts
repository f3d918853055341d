import Anthropic from '@anthropic-ai/sdk';
import { ChannelType } from '@relaygate/contract';
import type OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayOpenAI, lastLogIn, useBenchSuite } from './support/bench-suite.ts';
import { collected, collectedAvailable, fixtureChunks, fixtureText } from './support/fixtures.ts';
import type { MockReply } from './support/mock-upstream.ts';
import { readChatStream } from './support/read-chat-stream.ts';
import { seedChannel, setRelayOption } from './support/relay-seed.ts';
import { databaseUnavailable } from './support/test-server.ts';

/**
 * Issue #27: a Coze channel (type 49) answers chat through /v3/chat, always asked as a stream
 * (framed data: without a space, ended by data:"[DONE]"): streamed to streaming clients, folded
 * into one answer for the others, billed from conversation.chat.completed. The mock replays
 * coze-py's recorded streams (shared/fixtures/upstream-collected/coze).
 */
const GROUP = 'coze';
const MODEL = 'coze-bot';
const BOT = '7379462189365198898';
const asSse = (text: string): MockReply => ({ text, headers: { 'content-type': 'text/event-stream' } });
const RECORDED = () => asSse(fixtureText(collected('coze/v3-chat.stream-text.live-coze-py.sse')));

describe.skipIf(databaseUnavailable() || !collectedAvailable)('a Coze channel in the relay', () => {
  const suite = useBenchSuite();
  let key = '';
  let channel = 0;

  beforeAll(async () => {
    const { t, mock, bench, root } = suite;
    await setRelayOption(root, 'ModelRatio', JSON.stringify({ [MODEL]: 1, [BOT]: 1 }));
    mock.reply('/coze/v3/chat', RECORDED());
    channel = await seedChannel(t, {
      type: ChannelType.Coze,
      key: 'pat_coze_token',
      baseUrl: `${mock.url}/coze`,
      models: [MODEL],
      other: BOT,
      group: GROUP,
    });
    key = (await bench.callerIn(GROUP)).key;
  });

  const openai = () => gatewayOpenAI(suite, key);
  const lastLog = (count: number) => lastLogIn(suite, GROUP, count);
  const lastSent = () => suite.mock.requestsTo('/coze/v3/chat').at(-1)!;

  it("streams to an OpenAI client from the bot in the channel's other field, billed from chat.completed", async () => {
    const stream = await openai().chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: '2024 年 10 月 1 日是星期几' }],
      stream: true,
      stream_options: { include_usage: true },
      user: 'alice',
    });
    const { text, usage } = await readChatStream(stream);
    expect(text).toBe('20星期三。');
    expect(usage).toMatchObject({ prompt_tokens: 614, completion_tokens: 19 });
    expect(lastSent().headers.authorization).toBe('Bearer pat_coze_token');
    expect(lastSent().json).toEqual({
      bot_id: BOT,
      user_id: 'alice',
      stream: true,
      additional_messages: [
        { role: 'user', type: 'question', content: '2024 年 10 月 1 日是星期几', content_type: 'text' },
      ],
    });
    expect(await lastLog(1)).toMatchObject({ model_name: MODEL, prompt_tokens: 614, completion_tokens: 19 });
  });

  it('answers a call that asked for no stream with the stream folded into one answer', async () => {
    const answer = await openai().chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: '2024 年 10 月 1 日是星期几' }],
    });
    expect(answer.choices[0]).toMatchObject({ message: { content: '20星期三。' }, finish_reason: 'stop' });
    expect(answer.usage).toMatchObject({ prompt_tokens: 614, completion_tokens: 19 });
    expect(lastSent().json).toMatchObject({ stream: true });
    expect(await lastLog(2)).toMatchObject({ prompt_tokens: 614, completion_tokens: 19 });
  });

  it('answers an Anthropic client, and takes the bot from the model when the channel names none', async () => {
    await seedChannel(suite.t, {
      type: ChannelType.Coze,
      key: 'pat_coze_token',
      baseUrl: `${suite.mock.url}/coze`,
      models: [BOT],
      group: GROUP,
    });
    const anthropic = new Anthropic({ apiKey: key, baseURL: suite.t.url, maxRetries: 0 });
    const message = await anthropic.messages.create({
      model: BOT,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hello' }],
    });
    expect(message.content).toMatchObject([{ type: 'text', text: '20星期三。' }]);
    expect(message.usage).toMatchObject({ input_tokens: 614, output_tokens: 19 });
    expect(lastSent().json).toMatchObject({ bot_id: BOT });
    expect(await lastLog(3)).toMatchObject({ model_name: BOT, prompt_tokens: 614 });
  });

  it('gives a stream that ends in an error event back as an upstream error, streamed or not, and fails the test', async () => {
    const [data] = fixtureChunks(collected('coze/v3-chat.stream-error-empty.coze-py.chunks.txt'));
    suite.mock.reply('/coze/v3/chat', asSse(`event:error\ndata:${data}\n\n`));
    const failure = await openai()
      .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] })
      .catch((error: unknown) => error as InstanceType<typeof OpenAI.APIError>);
    expect(failure).toMatchObject({
      status: 502,
      message: expect.stringContaining('Coze ended the stream with an error'),
    });
    const test = await suite.root.get<unknown>(`/api/channel/test/${channel}`);
    expect(test.body).toMatchObject({ success: false, message: 'Coze ended the stream with an error' });
    const stream = await openai().chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    await expect(readChatStream(stream)).rejects.toThrow(/Coze ended the stream with an error/);
    suite.mock.reply('/coze/v3/chat', RECORDED());
  });

  it('passes the channel test', async () => {
    const test = await suite.root.get<unknown>(`/api/channel/test/${channel}`);
    expect(test.body).toMatchObject({ success: true });
    expect(lastSent().json).toMatchObject({ bot_id: BOT, stream: true });
  });
});
