import { describe, expect, it } from 'vitest';
import { ChatAnswerAssembler } from './chat-answer-assembler.ts';

const chunk = (delta: object, finish: string | null = null, extra = {}) => ({
  id: 'c-1',
  created: 100,
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...extra,
});

describe('ChatAnswerAssembler', () => {
  it('joins text, reasoning and tool call pieces into one completion with the last finish and usage', () => {
    const assembler = new ChatAnswerAssembler();
    for (const piece of [
      chunk({ role: 'assistant', content: '' }),
      chunk({ reasoning_content: 'hmm' }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo' }),
      chunk({
        tool_calls: [{ index: 0, id: 't1', type: 'function', function: { name: 'f', arguments: '{"a"' } }],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
      chunk({}, 'tool_calls'),
      { id: 'c-1', choices: [], usage: { prompt_tokens: 3, completion_tokens: 4 } },
    ])
      assembler.push(piece);
    const { body, usage } = assembler.answer('m');
    expect(body).toEqual({
      id: 'c-1',
      object: 'chat.completion',
      created: 100,
      model: 'm',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Hello',
            reasoning_content: 'hmm',
            tool_calls: [{ id: 't1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
          },
          finish_reason: 'tool_calls',
        },
      ],
    });
    expect(usage).toMatchObject({ promptTokens: 3, completionTokens: 4 });
    expect(assembler.failure).toBeUndefined();
  });

  it('keeps the message of an error chunk as the failure, and answers stop with no usage when none came', () => {
    const assembler = new ChatAnswerAssembler();
    assembler.push(chunk({ content: 'Hi' }));
    expect(assembler.answer('m')).toMatchObject({
      body: { choices: [{ finish_reason: 'stop' }] },
      usage: undefined,
    });
    assembler.push({ error: { message: 'bot failed', type: 'upstream_error' } });
    expect(assembler.failure).toBe('bot failed');
  });
});
