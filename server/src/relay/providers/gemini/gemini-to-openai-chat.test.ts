import { describe, expect, it } from 'vitest';
import { fromGeminiResponse } from './gemini-to-openai-chat.ts';

const answer = (parts: unknown[], finishReason = 'STOP', extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: 'model', parts }, finishReason, index: 0 }],
  usageMetadata: {
    promptTokenCount: 10,
    candidatesTokenCount: 5,
    thoughtsTokenCount: 7,
    totalTokenCount: 22,
  },
  responseId: 'resp-1',
  ...extra,
});

describe('fromGeminiResponse', () => {
  it('makes a chat.completion with text, reasoning and usage', () => {
    const { body, usage } = fromGeminiResponse(
      answer([{ text: 'Let me think.', thought: true }, { text: 'Hello' }, { text: ', world' }]),
      'gemini-2.5-flash',
    );
    expect(body).toMatchObject({
      id: 'chatcmpl-resp-1',
      object: 'chat.completion',
      model: 'gemini-2.5-flash',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Hello, world', reasoning_content: 'Let me think.' },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 12, total_tokens: 22 },
    });
    expect(typeof body.created).toBe('number');
    expect(usage).toEqual({ promptTokens: 10, completionTokens: 12, cachedTokens: 0, reasoningTokens: 7 });
  });

  it('turns function calls into tool calls with ids numbered through the answer', () => {
    const { body } = fromGeminiResponse(
      {
        candidates: [
          {
            index: 0,
            finishReason: 'STOP',
            content: {
              parts: [{ functionCall: { name: 'a', args: { x: [1, 2] } } }, { functionCall: { name: 'b' } }],
            },
          },
          {
            index: 1,
            finishReason: 'STOP',
            content: { parts: [{ functionCall: { name: 'c', args: { y: { z: 1 } } } }] },
          },
        ],
      },
      'm',
    );
    const choices = body.choices as { message: Record<string, unknown>; finish_reason: string }[];
    expect(choices[0]!.message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_0', type: 'function', function: { name: 'a', arguments: '{"x":[1,2]}' } },
        { id: 'call_1', type: 'function', function: { name: 'b', arguments: '{}' } },
      ],
    });
    expect(choices[1]!.message.tool_calls).toEqual([
      { id: 'call_2', type: 'function', function: { name: 'c', arguments: '{"y":{"z":1}}' } },
    ]);
    expect(choices.map((choice) => choice.finish_reason)).toEqual(['tool_calls', 'tool_calls']);
    expect(body).not.toHaveProperty('usage');
  });

  it('maps the finish reasons', () => {
    const finish = (reason: string) =>
      (
        fromGeminiResponse(answer([{ text: 'x' }], reason), 'm').body.choices as { finish_reason: string }[]
      )[0]!.finish_reason;
    expect(finish('MAX_TOKENS')).toBe('length');
    expect(finish('SAFETY')).toBe('content_filter');
    expect(finish('MALFORMED_FUNCTION_CALL')).toBe('stop');
  });

  it('answers a blocked prompt with an empty content_filter choice, and bills its prompt', () => {
    const { body, usage } = fromGeminiResponse(
      { promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 8 } },
      'm',
    );
    expect(body.choices).toEqual([
      { index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'content_filter' },
    ]);
    expect(usage?.promptTokens).toBe(8);
  });

  it('counts cached tokens inside the prompt', () => {
    const { body } = fromGeminiResponse(
      answer([{ text: 'x' }], 'STOP', {
        usageMetadata: { promptTokenCount: 100, cachedContentTokenCount: 60, candidatesTokenCount: 1 },
      }),
      'm',
    );
    expect(body.usage).toMatchObject({ prompt_tokens: 100, prompt_tokens_details: { cached_tokens: 60 } });
  });
});
