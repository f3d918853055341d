import { describe, expect, it } from 'vitest';
import {
  argumentsText,
  chunkUsage,
  errorMessage,
  readChatContent,
  readToolCalls,
  toolCallKey,
} from './openai-chat-read.ts';

describe('readChatContent', () => {
  it('reads text and reasoning under each upstream spelling', () => {
    expect(readChatContent({ content: 'a', reasoning_content: 'r' })).toEqual({ text: 'a', reasoning: 'r' });
    expect(readChatContent({ content: null, reasoning: 'g' })).toEqual({ text: '', reasoning: 'g' });
    expect(
      readChatContent({
        content: [
          { type: 'thinking', thinking: [{ type: 'text', text: 'm1' }] },
          { type: 'thinking', thinking: 'm2' },
          { type: 'text', text: 'answer' },
        ],
      }),
    ).toEqual({ text: 'answer', reasoning: 'm1m2' });
    expect(readChatContent(undefined)).toEqual({ text: '', reasoning: '' });
  });
});

describe('tool calls', () => {
  it('reads calls with or without an index, and keys stream pieces to their call', () => {
    const [withIndex, withoutIndex, bare] = readToolCalls({
      tool_calls: [
        { index: 1, id: 'a', function: { name: 'f', arguments: '{' } },
        { id: 'b', function: { name: 'g', arguments: {} } },
        { function: { arguments: '}' } },
      ],
    });
    expect(withIndex).toEqual({ index: 1, id: 'a', name: 'f', arguments: '{' });
    expect(toolCallKey(withIndex, undefined, 0)).toBe('index 1');
    expect(toolCallKey(withoutIndex, undefined, 1)).toBe('id b');
    expect(toolCallKey(bare, 'id b', 2)).toBe('id b');
    expect(toolCallKey(bare, undefined, 2)).toBe('index 2');
    expect([argumentsText('{"a"'), argumentsText({ a: 1 }), argumentsText(undefined)]).toEqual([
      '{"a"',
      '{"a":1}',
      '',
    ]);
  });
});

describe('chunk envelopes', () => {
  it('finds usage in the usage field or where older Groq builds put it', () => {
    expect(chunkUsage({ usage: { prompt_tokens: 1, completion_tokens: 2 } })?.completionTokens).toBe(2);
    expect(chunkUsage({ x_groq: { usage: { prompt_tokens: 3, completion_tokens: 4 } } })?.promptTokens).toBe(
      3,
    );
    expect(chunkUsage({ usage: null })).toBeUndefined();
  });

  it('reads the message of an error body', () => {
    expect(errorMessage({ error: { message: 'bad' } })).toBe('bad');
    expect(errorMessage({ error: 'plain' })).toBe('plain');
    expect(errorMessage({ error: null })).toBeUndefined();
    expect(errorMessage({ choices: [] })).toBeUndefined();
  });
});
