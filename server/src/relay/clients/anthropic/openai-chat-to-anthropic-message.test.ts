import { describe, expect, it } from 'vitest';
import { fixturesAvailable } from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { expectedFromAnswer, recordedAnswer } from '../../../../test/support/fixture-replay.ts';
import { openAIChatToAnthropic } from './openai-chat-to-anthropic-message.ts';

const recordings: { path: string; stop: string; usage: [input: number, cached: number, output: number] }[] = [
  { path: 'openai/chat/openai-text.json', stop: 'end_turn', usage: [16, 0, 363] },
  { path: 'deepseek/chat/deepseek-text.json', stop: 'max_tokens', usage: [13, 0, 300] },
  { path: 'deepseek/chat/deepseek-reasoning.json', stop: 'end_turn', usage: [18, 0, 345] },
  { path: 'deepseek/chat/deepseek-json.json', stop: 'end_turn', usage: [175, 320, 144] },
  { path: 'groq/groq-reasoning.json', stop: 'end_turn', usage: [17, 0, 649] },
  { path: 'groq/groq-tool-call.json', stop: 'tool_use', usage: [218, 0, 15] },
  { path: 'mistral/mistral-reasoning.json', stop: 'end_turn', usage: [10, 0, 46] },
  { path: 'mistral/mistral-tool-call.json', stop: 'tool_use', usage: [124, 0, 22] },
  { path: 'xai/xai-text.json', stop: 'end_turn', usage: [10, 2, 229] },
  { path: 'xai/xai-tool-call.json', stop: 'tool_use', usage: [47, 244, 215] },
];

describe.skipIf(!fixturesAvailable)('openAIChatToAnthropic on recorded answers', () => {
  it.each(recordings)('$path', ({ path, stop, usage: [input, cached, output] }) => {
    const answer = recordedAnswer(path);
    const expected = expectedFromAnswer(answer);
    const { body, usage } = openAIChatToAnthropic(answer, 'claude-sonnet-4-5');
    const content = body.content as Json[];
    const of = (type: string) => content.filter((b) => b.type === type);

    expect(body).toMatchObject({ type: 'message', role: 'assistant', model: 'claude-sonnet-4-5' });
    expect(String(body.id)).toMatch(/^msg_/);
    expect(of('text').every((b) => b.text !== '')).toBe(true);
    expect(
      of('text')
        .map((b) => b.text)
        .join(''),
    ).toBe(expected.text);
    expect(of('thinking')).toEqual(
      expected.reasoning ? [{ type: 'thinking', thinking: expected.reasoning, signature: '' }] : [],
    );
    expect(of('tool_use').map((b) => ({ name: b.name, input: b.input }))).toEqual(expected.tools);
    expect(of('tool_use').every((b) => typeof b.id === 'string' && b.id !== '')).toBe(true);
    // Thinking first, then text, then tools, as Anthropic orders them.
    const order = content.map((b) => ['thinking', 'text', 'tool_use'].indexOf(String(b.type)));
    expect(order).toEqual([...order].sort());
    expect(body.stop_reason).toBe(stop);
    expect(body.stop_sequence).toBeNull();
    expect(body.usage).toMatchObject({
      input_tokens: input,
      cache_read_input_tokens: cached,
      output_tokens: output,
    });
    expect(usage).toMatchObject({
      promptTokens: input + cached,
      cachedTokens: cached,
      completionTokens: output,
    });
  });
});

describe('openAIChatToAnthropic', () => {
  const answer = (message: Json, finish = 'stop', extra: Json = {}): Json => ({
    id: 'chatcmpl-9',
    choices: [{ index: 0, message, finish_reason: finish }],
    ...extra,
  });

  it('reports tool_use when an upstream (vLLM, Ollama) says stop beside tool calls', () => {
    const { body } = openAIChatToAnthropic(
      answer({ content: null, tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '{"x":1}' } }] }),
      'm',
    );
    expect(body.stop_reason).toBe('tool_use');
    expect(body.content).toEqual([{ type: 'tool_use', id: 'c1', name: 'f', input: { x: 1 } }]);
  });

  it('reads arguments sent as an object, encoded twice, or broken', () => {
    const call = (id: string, args: unknown) => ({ id, function: { name: 'f', arguments: args } });
    const { body } = openAIChatToAnthropic(
      answer({
        tool_calls: [
          call('a', { x: 1 }),
          call('b', JSON.stringify('{"y":2}')),
          call('c', '{"z":'),
          call('d', ''),
        ],
      }),
      'm',
    );
    expect((body.content as Json[]).map((b) => b.input)).toEqual([{ x: 1 }, { y: 2 }, {}, {}]);
  });

  it('says max_tokens, not tool_use, for a tool call cut at the token limit, and tool_use for one said to stop', () => {
    const cut = answer(
      { tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '{"city":"Par' } }] },
      'length',
    );
    expect(openAIChatToAnthropic(cut, 'm').body.stop_reason).toBe('max_tokens');
    const whole = answer({ tool_calls: [{ id: 'c2', function: { name: 'f', arguments: '{}' } }] }, 'stop');
    expect(openAIChatToAnthropic(whole, 'm').body.stop_reason).toBe('tool_use');
  });

  it('gives tool calls without an id a new one', () => {
    const { body } = openAIChatToAnthropic(
      answer({ tool_calls: [{ function: { name: 'f', arguments: '{}' } }] }),
      'm',
    );
    expect(String((body.content as Json[])[0].id)).toMatch(/^toolu_/);
  });

  it('answers an empty message with no content blocks rather than an empty text block', () => {
    const { body, usage } = openAIChatToAnthropic(answer({ content: '' }, 'length'), 'm');
    expect(body.content).toEqual([]);
    expect(body.stop_reason).toBe('max_tokens');
    expect(body.usage).toEqual({
      input_tokens: 0,
      output_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
    expect(usage).toBeUndefined();
  });

  it('turns a refusal into text with stop_reason refusal, as content_filter is', () => {
    expect(
      openAIChatToAnthropic(answer({ content: null, refusal: 'I cannot help.' }), 'm').body,
    ).toMatchObject({
      content: [{ type: 'text', text: 'I cannot help.' }],
      stop_reason: 'refusal',
    });
    expect(openAIChatToAnthropic(answer({ content: 'x' }, 'content_filter'), 'm').body.stop_reason).toBe(
      'refusal',
    );
  });
});
