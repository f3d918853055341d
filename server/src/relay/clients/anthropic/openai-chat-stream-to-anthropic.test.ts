import { describe, expect, it } from 'vitest';
import { fixturesAvailable } from '../../../../test/support/fixtures.ts';
import type { Json, OutEvent } from '../../formats/types.ts';
import { expectedFromChunks, recordedChunks, replay } from '../../../../test/support/fixture-replay.ts';
import { OpenAIChatToAnthropicStream } from './openai-chat-stream-to-anthropic.ts';

interface Block {
  type: string;
  text: string;
  name?: string;
  json: string;
}

/**
 * Reads an Anthropic event stream back and checks its grammar on the way: message_start first,
 * blocks started at the next index and stopped before another starts, deltas only to the open
 * block, one message_delta, message_stop last.
 */
function readStream(events: OutEvent[]) {
  const data = events.map((e) => {
    const parsed = JSON.parse(e.data) as Json;
    expect(e.event).toBe(parsed.type);
    return parsed;
  });
  expect(data[0].type).toBe('message_start');
  expect(data.at(-1)?.type).toBe('message_stop');
  expect(data.filter((d) => d.type === 'message_delta')).toHaveLength(1);
  expect(data.at(-2)?.type).toBe('message_delta');
  const blocks: Block[] = [];
  let open: number | undefined;
  for (const d of data.slice(1, -2)) {
    if (d.type === 'content_block_start') {
      expect(open).toBeUndefined();
      expect(d.index).toBe(blocks.length);
      const block = d.content_block as Json;
      blocks.push({ type: String(block.type), text: '', name: block.name as string | undefined, json: '' });
      open = blocks.length - 1;
    } else if (d.type === 'content_block_delta') {
      expect(d.index).toBe(open);
      const delta = d.delta as Json;
      const block = blocks[open!];
      expect(delta.type).toBe(
        { text: 'text_delta', thinking: 'thinking_delta', tool_use: 'input_json_delta' }[block.type],
      );
      block.text += String(delta.text ?? delta.thinking ?? '');
      block.json += String(delta.partial_json ?? '');
    } else {
      expect(d.type).toBe('content_block_stop');
      expect(d.index).toBe(open);
      open = undefined;
    }
  }
  expect(open).toBeUndefined();
  for (const block of blocks) if (block.type === 'text') expect(block.text).not.toBe('');
  const delta = data.at(-2) as Json;
  return {
    start: (data[0].message as Json) ?? {},
    blocks,
    stopReason: (delta.delta as Json).stop_reason,
    usage: delta.usage as Json,
  };
}

const recordings: { path: string; stop: string; usage?: [input: number, cached: number, output: number] }[] =
  [
    { path: 'openai/chat/openai-text.chunks.txt', stop: 'end_turn', usage: [16, 0, 300] },
    { path: 'deepseek/chat/deepseek-text.chunks.txt', stop: 'max_tokens', usage: [13, 0, 400] },
    { path: 'deepseek/chat/deepseek-reasoning.chunks.txt', stop: 'end_turn', usage: [18, 0, 219] },
    { path: 'groq/groq-text.chunks.txt', stop: 'end_turn', usage: [45, 0, 662] },
    { path: 'groq/groq-reasoning.chunks.txt', stop: 'end_turn', usage: [17, 0, 1107] },
    { path: 'groq/groq-tool-call.chunks.txt', stop: 'tool_use', usage: [210, 0, 15] },
    { path: 'mistral/mistral-text.chunks.txt', stop: 'end_turn', usage: [13, 0, 8] },
    { path: 'mistral/mistral-reasoning.chunks.txt', stop: 'end_turn', usage: [10, 0, 46] },
    { path: 'mistral/mistral-tool-call.chunks.txt', stop: 'tool_use', usage: [124, 0, 22] },
    { path: 'mistral/mistral-incremental-tool-call.chunks.txt', stop: 'tool_use', usage: [43, 128, 14] },
    // xAI leaves reasoning out of completion_tokens: output = completion + reasoning.
    { path: 'xai/xai-text.chunks.txt', stop: 'end_turn', usage: [1, 11, 291] },
    { path: 'xai/xai-tool-call.chunks.txt', stop: 'tool_use', usage: [1, 290, 222] },
    { path: 'openai-compatible/chat/xai-text.chunks.txt', stop: 'end_turn' },
    { path: 'openai-compatible/chat/xai-tool-call.chunks.txt', stop: 'tool_use' },
    { path: 'openai-compatible/chat/anthropic-fallback-tool-call.sse', stop: 'tool_use' },
  ];

describe.skipIf(!fixturesAvailable)('OpenAIChatToAnthropicStream on recorded streams', () => {
  it.each(recordings)('$path', ({ path, stop, usage }) => {
    const chunks = recordedChunks(path);
    const expected = expectedFromChunks(chunks);
    const converter = new OpenAIChatToAnthropicStream('claude-sonnet-4-5');
    const stream = readStream(replay(converter, chunks));

    expect(stream.start).toMatchObject({ type: 'message', role: 'assistant', model: 'claude-sonnet-4-5' });
    expect(String(stream.start.id)).toMatch(/^msg_/);
    const of = (type: string) => stream.blocks.filter((b) => b.type === type);
    expect(
      of('text')
        .map((b) => b.text)
        .join(''),
    ).toBe(expected.text);
    expect(
      of('thinking')
        .map((b) => b.text)
        .join(''),
    ).toBe(expected.reasoning);
    expect(of('tool_use').map((b) => ({ name: b.name, input: JSON.parse(b.json || '{}') }))).toEqual(
      expected.tools,
    );
    expect(stream.stopReason).toBe(stop);
    if (usage) {
      const [input, cached, output] = usage;
      expect(stream.usage).toMatchObject({
        input_tokens: input,
        cache_read_input_tokens: cached,
        output_tokens: output,
      });
      expect(converter.usage()).toMatchObject({ promptTokens: input + cached, cachedTokens: cached });
    }
  });

  it('sends the arguments of a call split across chunks as they arrive', () => {
    const events = replay(
      new OpenAIChatToAnthropicStream('m'),
      recordedChunks('openai-compatible/chat/anthropic-fallback-tool-call.sse'),
    );
    const pieces = events
      .map((e) => JSON.parse(e.data) as Json)
      .filter((d) => (d.delta as Json | undefined)?.type === 'input_json_delta');
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((d) => (d.delta as Json).partial_json !== '')).toBe(true);
  });

  it('holds message_delta for a usage chunk that follows the finish reason', () => {
    const chunks = recordedChunks('openai/chat/openai-text.chunks.txt');
    const converter = new OpenAIChatToAnthropicStream('m');
    const beforeUsage = chunks.slice(0, -1).flatMap((data) => converter.push({ data }));
    expect(beforeUsage.some((e) => e.event === 'message_delta')).toBe(false);
    expect(converter.push({ data: chunks.at(-1)! }).map((e) => e.event)).toEqual([
      'message_delta',
      'message_stop',
    ]);
    expect(converter.end()).toEqual([]);
  });
});

describe('OpenAIChatToAnthropicStream', () => {
  const chunk = (delta: Json, finish: string | null = null, extra: Json = {}): Json => ({
    id: 'chatcmpl-1',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  const types = (events: OutEvent[]) => events.map((e) => e.event);

  it('ends a stream that stops without a finish reason or usage', () => {
    const converter = new OpenAIChatToAnthropicStream('m');
    const events = replay(converter, [chunk({ content: 'Hi' })]);
    const stream = readStream(events);
    expect(stream.stopReason).toBe('end_turn');
    expect(stream.usage).toEqual({ output_tokens: 0 });
    expect(converter.usage()).toBeUndefined();
  });

  it("reports the gateway's count in the closing usage of a stream that told none, and keeps usage() for the upstream's", () => {
    const converter = new OpenAIChatToAnthropicStream('m');
    const events = converter.push({ data: chunk({ content: 'Hi' }, 'stop') });
    const counted = { promptTokens: 12, completionTokens: 3, cachedTokens: 0, reasoningTokens: 0 };
    const stream = readStream([...events, ...converter.end(counted)]);
    expect(stream.stopReason).toBe('end_turn');
    expect(stream.usage).toMatchObject({ input_tokens: 12, output_tokens: 3 });
    expect(converter.usage()).toBeUndefined();
  });

  it('opens no block for empty content and still closes the message', () => {
    const events = replay(new OpenAIChatToAnthropicStream('m'), [
      chunk({ role: 'assistant', content: '' }, 'stop'),
    ]);
    expect(types(events)).toEqual(['message_start', 'message_delta', 'message_stop']);
  });

  it('starts a tool block only once the name is known, with the arguments that came before', () => {
    const events = replay(new OpenAIChatToAnthropicStream('m'), [
      chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { arguments: '{"a":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { name: 'f', arguments: '1}' } }] }, 'stop'),
    ]);
    const stream = readStream(events);
    expect(stream.blocks).toEqual([{ type: 'tool_use', name: 'f', text: '', json: '{"a":1}' }]);
    expect(stream.stopReason).toBe('tool_use');
  });

  it('stops with max_tokens, not tool_use, when a tool call is cut at the token limit', () => {
    const events = replay(new OpenAIChatToAnthropicStream('m'), [
      chunk({ tool_calls: [{ index: 0, id: 'call_1', function: { name: 'f', arguments: '{"city":"Pa' } }] }),
      chunk({}, 'length'),
    ]);
    expect(readStream(events).stopReason).toBe('max_tokens');
  });

  it('answers an error chunk with an Anthropic error event and ignores the rest', () => {
    const converter = new OpenAIChatToAnthropicStream('m');
    converter.push({ data: chunk({ content: 'Hi' }) });
    const events = converter.push({
      data: { error: { message: 'upstream overloaded', type: 'server_error' } },
    });
    expect(events).toEqual([
      {
        event: 'error',
        data: JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'upstream overloaded' } }),
      },
    ]);
    expect(converter.push({ data: chunk({ content: 'more' }) })).toEqual([]);
    expect(converter.end()).toEqual([]);
  });

  it('maps content_filter to refusal and keeps the upstream id', () => {
    const events = replay(new OpenAIChatToAnthropicStream('m'), [chunk({ content: 'No' }, 'content_filter')]);
    const stream = readStream(events);
    expect(stream.stopReason).toBe('refusal');
    expect(stream.start.id).toBe('msg_chatcmpl-1');
  });
});
