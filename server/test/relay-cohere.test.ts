import Anthropic from '@anthropic-ai/sdk';
import { ChannelType } from '@relaygate/contract';
import OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBenchSuite } from './support/bench-suite.ts';
import { fixtureChunks, fixtureJson, fixturesAvailable } from './support/fixtures.ts';
import { readChatStream } from './support/read-chat-stream.ts';
import { seedChannel, setRelayOption } from './support/relay-seed.ts';
import { postRerank } from './support/rerank-call.ts';
import { databaseUnavailable } from './support/test-server.ts';

/**
 * Issue #27: a Cohere channel (type 34) serves chat from OpenAI and Anthropic clients, streamed
 * and not, embeddings and rerank, through Cohere's v2 API, billed from Cohere's own billed units.
 * The mock upstream replays recorded Cohere answers (shared/fixtures/upstream/cohere).
 */
const GROUP = 'cohere';
const CHAT_MODEL = 'command-a-03-2025';

describe.skipIf(databaseUnavailable() || !fixturesAvailable)('a Cohere channel in the relay', () => {
  const suite = useBenchSuite();
  let key = '';

  beforeAll(async () => {
    const { t, mock, bench, root } = suite;
    const ratios = { [CHAT_MODEL]: 1.25, 'embed-v4.0': 0.05, 'rerank-v3.5': 1 };
    await setRelayOption(root, 'ModelRatio', JSON.stringify(ratios));
    const stream = fixtureChunks('cohere/cohere-text.chunks.txt');
    mock.handler('/cohere/v2/chat', (request) =>
      request.json?.stream === true
        ? { events: stream.map((data) => ({ event: String(JSON.parse(data).type), data })) }
        : { json: fixtureJson('cohere/cohere-text.json') },
    );
    mock.reply('/cohere/v2/embed', { json: fixtureJson('cohere/cohere-embedding.json') });
    mock.reply('/cohere/v2/rerank', { json: fixtureJson('cohere/reranking/cohere-reranking.1.json') });
    await seedChannel(t, {
      type: ChannelType.Cohere,
      key: 'co-upstream-key',
      baseUrl: `${mock.url}/cohere`,
      models: [CHAT_MODEL, 'embed-v4.0', 'rerank-v3.5'],
      group: GROUP,
    });
    key = (await bench.callerIn(GROUP)).key;
  });

  const openai = () => new OpenAI({ apiKey: key, baseURL: `${suite.t.url}/v1`, maxRetries: 0 });
  const lastLog = async (count: number) => (await suite.bench.waitLogs(GROUP, count)).at(-1)!;

  it('answers an OpenAI chat call from Cohere v2, with the key as Bearer, billed from billed_units', async () => {
    const answer = await openai().chat.completions.create({
      model: CHAT_MODEL,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is the capital of France?' },
      ],
    });
    expect(answer.choices[0]!.message.content).toBe('The capital of France is Paris.');
    expect(answer.choices[0]!.finish_reason).toBe('stop');
    expect(answer.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 7 });
    const sent = suite.mock.requestsTo('/cohere/v2/chat').at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer co-upstream-key');
    expect(sent.json).toMatchObject({
      model: CHAT_MODEL,
      stream: false,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is the capital of France?' },
      ],
    });
    expect(await lastLog(1)).toMatchObject({
      model_name: CHAT_MODEL,
      prompt_tokens: 12,
      completion_tokens: 7,
    });
  });

  it('streams to an OpenAI client, with the usage Cohere billed at the end', async () => {
    const stream = await openai().chat.completions.create({
      model: CHAT_MODEL,
      messages: [{ role: 'user', content: 'What is the capital of France?' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, usage } = await readChatStream(stream);
    expect(text).toBe('The capital of France is Paris.');
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 7 });
    expect(suite.mock.requestsTo('/cohere/v2/chat').at(-1)!.json).toMatchObject({ stream: true });
    expect(await lastLog(2)).toMatchObject({ prompt_tokens: 12, completion_tokens: 7 });
  });

  it('answers an Anthropic client, streamed, converted through the chat core', async () => {
    const anthropic = new Anthropic({ apiKey: key, baseURL: suite.t.url, maxRetries: 0 });
    const stream = anthropic.messages.stream({
      model: CHAT_MODEL,
      max_tokens: 100,
      messages: [{ role: 'user', content: 'What is the capital of France?' }],
    });
    const message = await stream.finalMessage();
    expect(message.content).toMatchObject([{ type: 'text', text: 'The capital of France is Paris.' }]);
    expect(message.usage.output_tokens).toBe(7);
    expect(message.stop_reason).toBe('end_turn');
    expect(await lastLog(3)).toMatchObject({ prompt_tokens: 12, completion_tokens: 7 });
  });

  it('embeds through /v2/embed: one vector per text, billed input tokens', async () => {
    const answer = await openai().embeddings.create({
      model: 'embed-v4.0',
      input: ['sunny day at the beach', 'rainy day in the city'],
      encoding_format: 'float',
    });
    expect(answer.data.map((item) => item.index)).toEqual([0, 1]);
    expect(answer.data[0]!.embedding.slice(0, 2)).toEqual([0.03302002, 0.020904541]);
    expect(suite.mock.requestsTo('/cohere/v2/embed').at(-1)!.json).toEqual({
      model: 'embed-v4.0',
      texts: ['sunny day at the beach', 'rainy day in the city'],
      input_type: 'search_document',
      embedding_types: ['float'],
    });
    expect(await lastLog(4)).toMatchObject({ model_name: 'embed-v4.0', prompt_tokens: 10 });
  });

  it('reranks through /v2/rerank, billed by the tokens of the query and documents', async () => {
    const response = await postRerank(suite.t.url, key, 'rerank-v3.5');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      results: [
        { index: 1, relevance_score: 0.10183054 },
        { index: 0, relevance_score: 0.03762639 },
      ],
    });
    expect(suite.mock.requestsTo('/cohere/v2/rerank').at(-1)!.json).toMatchObject({
      documents: ['Carson City is the capital city of Nevada.', 'Washington, D.C. is the capital.'],
      top_n: 2,
    });
    const row = await lastLog(5);
    expect(row.prompt_tokens).toBeGreaterThan(10);
  });
});
