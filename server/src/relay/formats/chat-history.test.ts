import { describe, expect, it } from 'vitest';
import { ChatHistory, effortForBudget, streamFields, userContent } from './chat-history.ts';

describe('ChatHistory', () => {
  it('places each tool result right after the assistant message that made the call', () => {
    const history = new ChatHistory();
    history.add({ role: 'assistant', content: null, tool_calls: [{ id: 'a' }] });
    history.add({ role: 'user', content: 'meanwhile' });
    history.addToolResult('a', 'done');
    expect(history.messages()).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'a' }] },
      { role: 'tool', tool_call_id: 'a', content: 'done' },
      { role: 'user', content: 'meanwhile' },
    ]);
  });

  it('turns a result without its call into a user message where it stood', () => {
    const history = new ChatHistory();
    history.addToolResult('x', 'out');
    expect(history.messages()).toEqual([{ role: 'user', content: 'Result of tool call x:\nout' }]);
  });
});

describe('userContent', () => {
  it('joins all-text parts, keeps mixed parts, drops blank text, and answers undefined for nothing', () => {
    expect(
      userContent([
        { type: 'text', text: 'a' },
        { type: 'text', text: ' ' },
        { type: 'text', text: 'b' },
      ]),
    ).toBe('a\nb');
    const image = { type: 'image_url', image_url: { url: 'u' } };
    expect(userContent([{ type: 'text', text: '' }, image])).toEqual([image]);
    expect(userContent([{ type: 'text', text: '' }])).toBeUndefined();
  });
});

describe('effortForBudget and streamFields', () => {
  it('bands budgets and asks for the usage chunk when streaming', () => {
    expect([0, 2047, 2048, 8191, 8192].map(effortForBudget)).toEqual([
      'low',
      'low',
      'medium',
      'medium',
      'high',
    ]);
    expect(streamFields(true)).toEqual({ stream: true, stream_options: { include_usage: true } });
    expect(streamFields(false)).toEqual({});
  });
});
