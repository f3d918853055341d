import Anthropic from '@anthropic-ai/sdk';
import { ChannelType } from '@relaygate/contract';
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBenchSuite } from './support/bench-suite.ts';
import { readChatStream } from './support/read-chat-stream.ts';
import { collected, collectedAvailable, fixtureChunks, fixtureJson } from './support/fixtures.ts';
import { seedChannel, setRelayOption } from './support/relay-seed.ts';
import { databaseUnavailable } from './support/test-server.ts';

/**
 * Issue #27: a Dify app channel (type 37) answers chat from OpenAI and Anthropic clients, streamed
 * and not, through POST /v1/chat-messages, billed from the usage the app reports. The mock replays
 * Dify's recorded answers (shared/fixtures/upstream-collected/dify).
 */
const GROUP = 'dify';
const MODEL = 'dify-app';

describe.skipIf(databaseUnavailable() || !collectedAvailable)('a Dify channel in the relay', () => {
  const suite = useBenchSuite();
  let key = '';

  beforeAll(async () => {
    const { t, mock, bench, root } = suite;
    await setRelayOption(root, 'ModelRatio', JSON.stringify({ [MODEL]: 1 }));
    const stream = fixtureChunks(
      collected('dify/chat-messages.streaming-basic.doc-dify-template.chunks.txt'),
    );
    mock.handler('/dify/v1/chat-messages', (request) =>
      request.json?.response_mode === 'streaming'
        ? { sse: stream, done: false }
        : { json: fixtureJson(collected('dify/chat-messages.blocking.doc-dify-template.json')) },
    );
    await seedChannel(t, {
      type: ChannelType.Dify,
      key: 'app-dify-key',
      baseUrl: `${mock.url}/dify`,
      models: [MODEL],
      group: GROUP,
    });
    key = (await bench.callerIn(GROUP)).key;
  });

  const openai = () => new OpenAI({ apiKey: key, baseURL: `${suite.t.url}/v1`, maxRetries: 0 });
  const lastLog = async (count: number) => (await suite.bench.waitLogs(GROUP, count)).at(-1)!;
  const lastSent = () => suite.mock.requestsTo('/dify/v1/chat-messages').at(-1)!;

  it('answers an OpenAI chat call, with the app key as Bearer and the conversation as the query', async () => {
    const answer = await openai().chat.completions.create({
      model: MODEL,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Which iPhone has the largest screen?' },
      ],
      user: 'alice',
    });
    expect(answer.choices[0]!.message.content).toBe('iPhone 13 Pro Max specs are listed here:...');
    expect(answer.usage).toMatchObject({ prompt_tokens: 1033, completion_tokens: 128 });
    expect(lastSent().headers.authorization).toBe('Bearer app-dify-key');
    expect(lastSent().json).toEqual({
      inputs: {},
      query: 'SYSTEM: \nBe brief.\nUSER: \nWhich iPhone has the largest screen?\n',
      response_mode: 'blocking',
      user: 'alice',
      auto_generate_name: false,
    });
    expect(await lastLog(1)).toMatchObject({
      model_name: MODEL,
      prompt_tokens: 1033,
      completion_tokens: 128,
    });
  });

  it('streams to an OpenAI client and bills the usage of message_end', async () => {
    const stream = await openai().chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Hello' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, usage } = await readChatStream(stream);
    expect(text).toBe(" I'm glad to meet you");
    expect(usage).toMatchObject({ prompt_tokens: 1033, completion_tokens: 135 });
    expect(lastSent().json).toMatchObject({ response_mode: 'streaming' });
    expect(await lastLog(2)).toMatchObject({ prompt_tokens: 1033, completion_tokens: 135 });
  });

  it('answers an Anthropic client, streamed', async () => {
    const anthropic = new Anthropic({ apiKey: key, baseURL: suite.t.url, maxRetries: 0 });
    const message = await anthropic.messages
      .stream({ model: MODEL, max_tokens: 100, messages: [{ role: 'user', content: 'Hello' }] })
      .finalMessage();
    expect(message.content).toMatchObject([{ type: 'text', text: " I'm glad to meet you" }]);
    expect(message.usage.output_tokens).toBe(135);
    expect(await lastLog(3)).toMatchObject({ prompt_tokens: 1033, completion_tokens: 135 });
  });

  it('refuses what a Dify app cannot do, in the caller’s shape, before calling it', async () => {
    const before = suite.mock.requestsTo('/dify/v1/chat-messages').length;
    const embedding = await openai()
      .embeddings.create({ model: MODEL, input: 'x' })
      .catch((error: unknown) => error as { status: number; message: string });
    expect(embedding).toMatchObject({ status: expect.any(Number), message: expect.stringMatching(/dify/) });
    expect(suite.mock.requestsTo('/dify/v1/chat-messages').length).toBe(before);
  });
});
