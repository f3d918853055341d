import { describe, expect, it } from 'vitest';
import type { Json } from '../../formats/types.ts';
import { AnthropicToOpenAIChatStream } from './anthropic-stream-to-openai-chat.ts';
import { collectChunks } from '../../../../test/support/anthropic-recorded-fixtures.ts';

const start = (usage: Json = { input_tokens: 12, output_tokens: 1 }, extra: Json = {}): Json => ({
  type: 'message_start',
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-x',
    content: [],
    usage,
    ...extra,
  },
});
const blockStart = (index: number, block: Json): Json => ({
  type: 'content_block_start',
  index,
  content_block: block,
});
const delta = (index: number, body: Json): Json => ({ type: 'content_block_delta', index, delta: body });
const text = (index: number, value: string) => delta(index, { type: 'text_delta', text: value });
const json = (index: number, value: string) =>
  delta(index, { type: 'input_json_delta', partial_json: value });
const stop = (index: number): Json => ({ type: 'content_block_stop', index });
const messageDelta = (stopReason: string | null, usage: Json = { output_tokens: 30 }): Json => ({
  type: 'message_delta',
  delta: { stop_reason: stopReason, stop_sequence: null },
  usage,
});
const messageStop: Json = { type: 'message_stop' };

/** Pushes the events (then end()) through a fresh converter; the chunks, and the converter. */
function run(events: Json[], converter = new AnthropicToOpenAIChatStream({ created: 1700000000 })) {
  const sent = events.flatMap((data) => converter.push({ event: data.type as string, data }));
  const closing = converter.end();
  const chunks = [...sent, ...closing];
  return { chunks, converter, closing, answer: collectChunks(chunks) };
}

describe('AnthropicToOpenAIChatStream', () => {
  it('streams text as OpenAI chunks: role first, then content, finish, and usage last', () => {
    const { chunks, answer, closing } = run([
      start(),
      blockStart(0, { type: 'text', text: '' }),
      { type: 'ping' },
      text(0, 'Hello'),
      text(0, ''),
      text(0, ' world'),
      stop(0),
      messageDelta('end_turn'),
      messageStop,
    ]);
    expect(chunks[0]).toEqual({
      id: 'msg_1',
      object: 'chat.completion.chunk',
      created: 1700000000,
      model: 'claude-x',
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
    expect(chunks).toHaveLength(5); // role, two texts, finish, usage: ping and the empty delta send nothing
    expect(answer).toMatchObject({ roles: ['assistant'], content: 'Hello world', finishReasons: ['stop'] });
    expect(chunks.at(-1)).toEqual({
      id: 'msg_1',
      object: 'chat.completion.chunk',
      created: 1700000000,
      model: 'claude-x',
      choices: [],
      usage: {
        prompt_tokens: 12,
        completion_tokens: 30,
        total_tokens: 42,
        prompt_tokens_details: { cached_tokens: 0 },
      },
    });
    expect(closing).toEqual([]);
    expect(JSON.stringify(chunks)).not.toContain('[DONE]');
  });

  it('streams thinking as reasoning_content and drops signatures', () => {
    const { answer } = run([
      start(),
      blockStart(0, { type: 'thinking', thinking: '' }),
      delta(0, { type: 'thinking_delta', thinking: 'Let me think.' }),
      delta(0, { type: 'signature_delta', signature: 'sig' }),
      stop(0),
      blockStart(1, { type: 'redacted_thinking', data: 'xyz' }),
      stop(1),
      blockStart(2, { type: 'text', text: '' }),
      text(2, '42'),
      stop(2),
      messageDelta('end_turn'),
      messageStop,
    ]);
    expect(answer).toMatchObject({ reasoning: 'Let me think.', content: '42' });
  });

  it('numbers tool calls in block order, with arguments from deltas or whole from the start', () => {
    const { answer, chunks } = run([
      start(),
      blockStart(0, { type: 'text', text: '' }),
      text(0, 'Calling.'),
      stop(0),
      blockStart(1, { type: 'tool_use', id: 'toolu_a', name: 'weather', input: {} }),
      json(1, ''),
      json(1, '{"city":'),
      json(1, '"Paris"}'),
      stop(1),
      blockStart(2, { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} }),
      json(2, '{"query":"x"}'),
      stop(2),
      blockStart(3, { type: 'tool_use', id: 'toolu_b', name: 'roll', input: { player: 'p1' } }),
      stop(3),
      blockStart(4, { type: 'tool_use', id: 'toolu_c', name: 'now', input: {} }),
      json(4, ''),
      stop(4),
      messageDelta('tool_use'),
      messageStop,
    ]);
    expect(answer.toolCalls).toEqual([
      { id: 'toolu_a', name: 'weather', arguments: '{"city":"Paris"}' },
      { id: 'toolu_b', name: 'roll', arguments: '{"player":"p1"}' },
      { id: 'toolu_c', name: 'now', arguments: '{}' },
    ]);
    expect(chunks[2]!.choices).toEqual([
      {
        index: 0,
        delta: {
          tool_calls: [
            { index: 0, id: 'toolu_a', type: 'function', function: { name: 'weather', arguments: '' } },
          ],
        },
        finish_reason: null,
      },
    ]);
    expect(answer).toMatchObject({ content: 'Calling.', finishReasons: ['tool_calls'] });
  });

  it('bills the input tokens message_delta revises, with cache reads and writes', () => {
    const { converter, answer } = run([
      start({
        input_tokens: 2,
        cache_creation_input_tokens: 3068,
        cache_read_input_tokens: 0,
        output_tokens: 69,
      }),
      messageDelta('end_turn', {
        input_tokens: 6,
        cache_creation_input_tokens: 3337,
        cache_read_input_tokens: 6289,
        output_tokens: 198,
      }),
      messageStop,
    ]);
    expect(converter.usage()).toEqual({
      promptTokens: 9632,
      completionTokens: 198,
      cachedTokens: 6289,
      cacheCreationTokens: 3337,
      reasoningTokens: 0,
    });
    expect(answer.usages).toEqual([
      {
        prompt_tokens: 9632,
        completion_tokens: 198,
        total_tokens: 9830,
        prompt_tokens_details: { cached_tokens: 6289 },
      },
    ]);
  });

  it('ignores a repeated message_start and keeps the first usage', () => {
    const { answer, converter } = run([
      start({ input_tokens: 10, output_tokens: 1 }),
      start({ input_tokens: 99, output_tokens: 1 }),
      blockStart(0, { type: 'text', text: '' }),
      text(0, 'Hi'),
      start({ input_tokens: 99, output_tokens: 1 }),
      text(0, '!'),
      stop(0),
      messageDelta('end_turn', { output_tokens: 5 }),
      messageStop,
    ]);
    expect(answer).toMatchObject({ roles: ['assistant'], content: 'Hi!', errors: [] });
    expect(converter.usage()).toMatchObject({ promptTokens: 10, completionTokens: 5 });
  });

  it('ends with an error when a different message starts after content went out', () => {
    const second = start({ input_tokens: 17, output_tokens: 1 });
    (second.message as Json).id = 'msg_2';
    const { answer, converter } = run([
      start({ input_tokens: 17, output_tokens: 1 }),
      blockStart(0, { type: 'tool_use', id: 'toolu_first', name: 't', input: {} }),
      json(0, '{"value":"Spa'),
      second,
      blockStart(0, { type: 'tool_use', id: 'toolu_second', name: 't', input: {} }),
      json(0, '{"value":"Sparkle"}'),
      stop(0),
      messageDelta('tool_use', { output_tokens: 65 }),
      messageStop,
    ]);
    expect(answer.errors).toEqual([
      { message: 'The upstream started a second answer before finishing the first', type: 'upstream_error' },
    ]);
    expect(answer.toolCalls.map((call) => call.id)).toEqual(['toolu_first']);
    expect(answer.finishReasons).toEqual([]);
    expect(answer.usages).toEqual([]);
    // What the upstream reported it generated still counts for billing.
    expect(converter.usage()).toMatchObject({ promptTokens: 17, completionTokens: 65 });
  });

  it('passes an error event on as an error chunk, and the stream is over', () => {
    const { chunks, answer, closing } = run([
      start(),
      blockStart(0, { type: 'text', text: '' }),
      text(0, 'Part'),
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      text(0, 'more'),
      messageStop,
    ]);
    expect(chunks.at(-1)).toEqual({ error: { message: 'Overloaded', type: 'overloaded_error' } });
    expect(answer).toMatchObject({ content: 'Part', finishReasons: [], usages: [] });
    expect(closing).toEqual([]);
  });

  it('ends with an error when the upstream stops before message_stop', () => {
    const { closing, converter } = run([start(), blockStart(0, { type: 'text', text: '' }), text(0, 'Cut')]);
    expect(closing).toHaveLength(1);
    expect(closing[0]).toEqual({
      error: { message: 'The upstream stream ended before the answer was complete', type: 'upstream_error' },
    });
    expect(converter.usage()).toMatchObject({ promptTokens: 12, completionTokens: 1 });
  });

  it('converts blocks given whole in message_start, with its stop reason when no message_delta comes', () => {
    const { answer } = run([
      start(
        { input_tokens: 0, output_tokens: 0 },
        {
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'rollDie', input: { player: 'player2' } }],
          stop_reason: 'tool_use',
        },
      ),
      messageStop,
    ]);
    expect(answer.toolCalls).toEqual([{ id: 'toolu_1', name: 'rollDie', arguments: '{"player":"player2"}' }]);
    expect(answer.finishReasons).toEqual(['tool_calls']);
  });

  it('names the fallback model once the answer comes from it', () => {
    const { chunks } = run([
      start(),
      blockStart(0, { type: 'fallback', from: { model: 'claude-x' }, to: { model: 'claude-y' } }),
      stop(0),
      blockStart(1, { type: 'text', text: '' }),
      text(1, 'Hi'),
      stop(1),
      messageDelta('end_turn'),
      messageStop,
    ]);
    expect(chunks.map((chunk) => chunk.model)).toEqual(['claude-x', 'claude-y', 'claude-y', 'claude-y']);
  });

  it('reports no usage when the stream carried none', () => {
    const converter = new AnthropicToOpenAIChatStream();
    expect(converter.push({ data: { type: 'ping' } })).toEqual([]);
    expect(converter.usage()).toBeUndefined();
  });
});
