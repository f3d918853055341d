import { describe, expect, it } from 'vitest';
import type { Json } from '../../formats/types.ts';
import { toAnthropicRequest, type AnthropicRequestOptions } from './openai-chat-to-anthropic.ts';

const options: AnthropicRequestOptions = {
  upstreamModel: 'claude-sonnet-4-5',
  defaultMaxTokens: { default: 8192 },
  thinkingAdapterEnabled: true,
  thinkingBudgetPercentage: 0.8,
};
const convert = (request: Json, overrides: Partial<AnthropicRequestOptions> = {}) =>
  toAnthropicRequest(
    { model: 'gpt-alias', messages: [{ role: 'user', content: 'Hi' }], ...request },
    {
      ...options,
      ...overrides,
    },
  );

describe('toAnthropicRequest', () => {
  it('builds a Messages request for the upstream model, with the required max_tokens', () => {
    expect(
      convert({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
        ],
      }),
    ).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 8192,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    });
  });

  it('joins several system and developer messages', () => {
    const body = convert({
      messages: [
        { role: 'system', content: 'One.' },
        { role: 'developer', content: 'Two.' },
        { role: 'user', content: 'Hi' },
      ],
    });
    expect(body.system).toBe('One.\n\nTwo.');
  });

  it('takes max_tokens, max_completion_tokens, or the default for the model', () => {
    expect(convert({ max_tokens: 300 }).max_tokens).toBe(300);
    expect(convert({ max_completion_tokens: 400 }).max_tokens).toBe(400);
    expect(convert({}, { defaultMaxTokens: { 'claude-sonnet-4-5': 64000, default: 1000 } }).max_tokens).toBe(
      64000,
    );
    expect(convert({}, { defaultMaxTokens: {} }).max_tokens).toBe(8192);
  });

  it('converts tools and tool_choice, and leaves tool_choice out without tools', () => {
    const tools = [
      { type: 'function', function: { name: 'weather', parameters: { type: 'object', properties: {} } } },
    ];
    expect(convert({ tools, tool_choice: 'required' })).toMatchObject({
      tools: [{ name: 'weather', input_schema: { type: 'object', properties: {} } }],
      tool_choice: { type: 'any' },
    });
    expect(
      convert({ tools, tool_choice: { type: 'function', function: { name: 'weather' } } }).tool_choice,
    ).toEqual({
      type: 'tool',
      name: 'weather',
    });
    expect(convert({ tools: [], tool_choice: 'none' })).not.toHaveProperty('tool_choice');
    expect(convert({ tool_choice: 'auto' })).not.toHaveProperty('tools');
  });

  it('turns stop into stop_sequences', () => {
    expect(convert({ stop: 'END' }).stop_sequences).toEqual(['END']);
    expect(convert({ stop: ['a', '', ' ', 'b'] }).stop_sequences).toEqual(['a', 'b']);
    expect(convert({ stop: [] })).not.toHaveProperty('stop_sequences');
    expect(convert({ stop: null })).not.toHaveProperty('stop_sequences');
  });

  it('passes temperature (capped at Anthropic’s 1), top_p when alone, and top_k', () => {
    expect(convert({ temperature: 0.3, top_k: 40 })).toMatchObject({ temperature: 0.3, top_k: 40 });
    expect(convert({ temperature: 1.7 }).temperature).toBe(1);
    expect(convert({ top_p: 0.9 }).top_p).toBe(0.9);
    const both = convert({ temperature: 0.5, top_p: 0.9 });
    expect(both.temperature).toBe(0.5);
    expect(both).not.toHaveProperty('top_p');
  });

  it('asks for JSON through the system text for response_format', () => {
    expect(convert({ response_format: { type: 'json_object' } }).system).toBe(
      'Respond only with a valid JSON object, and nothing else.',
    );
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    const body = convert({
      messages: [
        { role: 'system', content: 'Extract the name.' },
        { role: 'user', content: 'I am Ada.' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'person', schema } },
    });
    expect(body.system).toBe(
      `Extract the name.\n\nRespond only with valid JSON, and nothing else, that matches this JSON schema:\n${JSON.stringify(schema)}`,
    );
    expect(convert({ response_format: { type: 'text' } })).not.toHaveProperty('system');
  });

  it('thinks for a -thinking model: suffix stripped, budget from the percentage, no sampling settings', () => {
    const body = convert(
      { max_tokens: 10000, temperature: 0.2, top_p: 0.5, top_k: 5 },
      { upstreamModel: 'claude-sonnet-4-5-thinking' },
    );
    expect(body).toMatchObject({
      model: 'claude-sonnet-4-5',
      max_tokens: 10000,
      thinking: { type: 'enabled', budget_tokens: 8000 },
    });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_p');
    expect(body).not.toHaveProperty('top_k');
  });

  it('raises max_tokens to 1280 for a -thinking model', () => {
    const body = convert({ max_tokens: 500 }, { upstreamModel: 'claude-opus-4-1-thinking' });
    expect(body).toMatchObject({
      model: 'claude-opus-4-1',
      max_tokens: 1280,
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
  });

  it('leaves a -thinking model alone when the adapter is off', () => {
    const body = convert(
      { temperature: 0.2 },
      { upstreamModel: 'm-thinking', thinkingAdapterEnabled: false },
    );
    expect(body).toMatchObject({ model: 'm-thinking', temperature: 0.2 });
    expect(body).not.toHaveProperty('thinking');
  });

  it('thinks for reasoning_effort, raising max_tokens above the budget', () => {
    expect(convert({ reasoning_effort: 'medium', max_tokens: 2000, temperature: 0.4 })).toMatchObject({
      max_tokens: 6096,
      thinking: { type: 'enabled', budget_tokens: 4096 },
    });
    expect(convert({ reasoning_effort: 'high' })).toMatchObject({
      max_tokens: 16384 + 8192,
      thinking: { type: 'enabled', budget_tokens: 16384 },
    });
  });

  it('keeps thinking off when the tool choice forces a call', () => {
    const tools = [{ type: 'function', function: { name: 'f' } }];
    const body = convert({ tools, tool_choice: 'required', reasoning_effort: 'high', temperature: 0.1 });
    expect(body).not.toHaveProperty('thinking');
    expect(body).toMatchObject({ tool_choice: { type: 'any' }, temperature: 0.1 });
  });

  it('keeps thinking off when the conversation goes on from tool results, whose signed thinking is lost', () => {
    const loop = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'Sunny' },
    ];
    const thinking = { upstreamModel: 'claude-sonnet-4-5-thinking' };
    const continued = convert({ messages: loop }, thinking);
    expect(continued.model).toBe('claude-sonnet-4-5');
    expect(continued).not.toHaveProperty('thinking');
    const next = [...loop, { role: 'assistant', content: 'Sunny.' }, { role: 'user', content: 'Tomorrow?' }];
    expect(convert({ messages: next }, thinking)).toHaveProperty('thinking');
  });

  it('passes the end user as metadata.user_id, and stream only when asked', () => {
    expect(convert({ user: 'user-42', stream: true, stream_options: { include_usage: true } })).toMatchObject(
      {
        metadata: { user_id: 'user-42' },
        stream: true,
      },
    );
    const body = convert({ stream: false, n: 2, seed: 1, presence_penalty: 1, logprobs: true });
    expect(Object.keys(body).sort()).toEqual(['max_tokens', 'messages', 'model']);
  });
});
