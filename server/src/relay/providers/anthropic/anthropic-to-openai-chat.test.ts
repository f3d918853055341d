import { asArray, asObject } from '../../formats/json-read.ts';
import { describe, expect, it } from 'vitest';
import type { Json } from '../../formats/types.ts';
import { fromAnthropicMessage } from './anthropic-to-openai-chat.ts';
import { openAIUsageBody } from '../../answer/usage.ts';
import { fromAnthropicUsage } from './anthropic-usage.ts';
import {
  anthropicRecordings,
  EXPECTED_FINISH,
  fixturesAvailable,
  onlyUnconvertedBlocks,
  recordedMessage,
  recordedTotals,
} from '../../../../test/support/anthropic-recorded-fixtures.ts';

const choice = (body: Json) => asObject(asArray(body.choices)[0])!;
const messageOf = (body: Json) => asObject(choice(body).message)!;

describe('fromAnthropicMessage', () => {
  const answer: Json = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content: [
      { type: 'thinking', thinking: 'Let me ', signature: 'sig' },
      { type: 'redacted_thinking', data: 'xyz' },
      { type: 'thinking', thinking: 'look.', signature: 'sig' },
      { type: 'text', text: 'Checking ' },
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'q' } },
      { type: 'text', text: 'the weather.' },
      { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'toolu_2', name: 'time', input: {} },
    ],
    stop_reason: 'tool_use',
    usage: { input_tokens: 10, cache_read_input_tokens: 5, cache_creation_input_tokens: 2, output_tokens: 7 },
  };

  it('builds a chat completion with text, reasoning, tool calls, finish reason and usage', () => {
    const { body, usage } = fromAnthropicMessage(answer, { created: 1700000000 });
    expect(body).toEqual({
      id: 'msg_1',
      object: 'chat.completion',
      created: 1700000000,
      model: 'claude-sonnet-4-5',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Checking the weather.',
            reasoning_content: 'Let me look.',
            tool_calls: [
              {
                id: 'toolu_1',
                type: 'function',
                function: { name: 'weather', arguments: '{"city":"Paris"}' },
              },
              { id: 'toolu_2', type: 'function', function: { name: 'time', arguments: '{}' } },
            ],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: {
        prompt_tokens: 17,
        completion_tokens: 7,
        total_tokens: 24,
        prompt_tokens_details: { cached_tokens: 5 },
      },
    });
    expect(usage).toEqual({
      promptTokens: 17,
      completionTokens: 7,
      cachedTokens: 5,
      cacheCreationTokens: 2,
      reasoningTokens: 0,
    });
  });

  it('writes null content for tool calls alone, and an empty string for an empty answer', () => {
    const toolsOnly = fromAnthropicMessage({
      ...answer,
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} }],
    });
    expect(messageOf(toolsOnly.body).content).toBeNull();
    const empty = fromAnthropicMessage({ ...answer, content: [], stop_reason: 'refusal' });
    expect(messageOf(empty.body)).toEqual({ role: 'assistant', content: '' });
    expect(choice(empty.body).finish_reason).toBe('content_filter');
  });

  it('stamps the time when no created is given, and leaves usage out when there is none', () => {
    const { body, usage } = fromAnthropicMessage({ ...answer, usage: undefined });
    expect(body.created).toBeTypeOf('number');
    expect(Math.abs((body.created as number) - Date.now() / 1000)).toBeLessThan(5);
    expect(body.usage).toBeUndefined();
    expect(usage).toBeUndefined();
  });

  it('turns an Anthropic error body into an OpenAI one', () => {
    const { body, usage } = fromAnthropicMessage({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    expect(body).toEqual({ error: { message: 'Overloaded', type: 'overloaded_error' } });
    expect(usage).toBeUndefined();
  });
});

describe.skipIf(!fixturesAvailable)('fromAnthropicMessage on recorded answers', () => {
  const names = anthropicRecordings('.json');
  const serverToolsOnly = names.filter((name) =>
    onlyUnconvertedBlocks(asArray(recordedMessage(name).content)),
  );

  it('has recordings to replay', () => {
    expect(names.length).toBeGreaterThan(20);
    // Answers made only of server-tool blocks (nothing to convert) are left out, and only those.
    expect(serverToolsOnly.length).toBeLessThan(3);
  });

  it.each(names.filter((name) => !serverToolsOnly.includes(name)))('%s', (name) => {
    const recorded = recordedMessage(name);
    const blocks = asArray(recorded.content).map((block) => asObject(block)!);
    const ofType = (type: string) => blocks.filter((block) => block.type === type);
    const { body, usage } = fromAnthropicMessage(recorded);
    const message = messageOf(body);

    expect(body).toMatchObject({ id: recorded.id, object: 'chat.completion', model: recorded.model });
    const text = ofType('text')
      .map((block) => block.text)
      .join('');
    const toolUses = ofType('tool_use');
    expect(message.content).toBe(text === '' && toolUses.length > 0 ? null : text);
    const thinking = ofType('thinking')
      .map((block) => block.thinking)
      .join('');
    expect(message.reasoning_content).toBe(thinking === '' ? undefined : thinking);

    const toolCalls = asArray(message.tool_calls).map((call) => asObject(call)!);
    expect(toolCalls).toHaveLength(toolUses.length);
    toolCalls.forEach((call, i) => {
      const fn = asObject(call.function)!;
      expect(call).toMatchObject({ id: toolUses[i]!.id, type: 'function' });
      expect(fn.name).toBe(toolUses[i]!.name);
      expect(JSON.parse(fn.arguments as string)).toEqual(toolUses[i]!.input);
    });

    expect(choice(body).finish_reason).toBe(EXPECTED_FINISH[recorded.stop_reason as string]);
    expect(usage).toEqual(fromAnthropicUsage(recorded.usage));
    expect(body.usage).toEqual(openAIUsageBody(usage!));
    const totals = recordedTotals(asObject(recorded.usage)!);
    expect(body.usage).toMatchObject({
      prompt_tokens: totals.prompt,
      completion_tokens: totals.completion,
      total_tokens: totals.prompt + totals.completion,
      prompt_tokens_details: { cached_tokens: totals.cached },
    });
  });

  it('reports the recorded compaction step and thinking tokens in the OpenAI usage', () => {
    expect(fromAnthropicMessage(recordedMessage('anthropic-compaction.1')).body.usage).toMatchObject({
      prompt_tokens: 682 + 60385,
      completion_tokens: 1320 + 592,
    });
    expect(
      fromAnthropicMessage(recordedMessage('anthropic-claude-opus-5-reasoning-high.1')).body.usage,
    ).toMatchObject({
      prompt_tokens: 51,
      completion_tokens: 1699,
      completion_tokens_details: { reasoning_tokens: 139 },
    });
  });
});
