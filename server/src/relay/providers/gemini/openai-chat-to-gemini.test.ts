import { describe, expect, it } from 'vitest';
import { geminiThinkingFromModel, toGeminiRequest } from './openai-chat-to-gemini.ts';

const options = { safetySettings: {} };
const user = [{ role: 'user', content: 'Hi' }];

describe('toGeminiRequest', () => {
  it('converts a plain chat into contents only', () => {
    expect(toGeminiRequest({ model: 'gemini-2.5-flash', messages: user }, options)).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
    });
  });

  it('maps the sampling parameters to generationConfig', () => {
    const body = toGeminiRequest(
      { messages: user, temperature: 0.2, top_p: 0.9, max_tokens: 100, stop: 'END', n: 2, seed: 7 },
      options,
    );
    expect(body.generationConfig).toEqual({
      temperature: 0.2,
      topP: 0.9,
      maxOutputTokens: 100,
      stopSequences: ['END'],
      candidateCount: 2,
      seed: 7,
    });
  });

  it('prefers max_completion_tokens, and keeps at most five stop sequences', () => {
    const body = toGeminiRequest(
      { messages: user, max_tokens: 100, max_completion_tokens: 300, stop: ['a', 'b', 'c', 'd', 'e', 'f'] },
      options,
    );
    expect(body.generationConfig).toEqual({ maxOutputTokens: 300, stopSequences: ['a', 'b', 'c', 'd', 'e'] });
  });

  it('asks for JSON for json_object, and passes the cleaned schema for json_schema', () => {
    expect(
      toGeminiRequest({ messages: user, response_format: { type: 'json_object' } }, options),
    ).toMatchObject({
      generationConfig: { responseMimeType: 'application/json' },
    });
    const schema = {
      type: 'object',
      additionalProperties: false,
      properties: { name: { type: 'string' } },
      required: ['name'],
    };
    const body = toGeminiRequest(
      {
        messages: user,
        response_format: { type: 'json_schema', json_schema: { name: 'x', strict: true, schema } },
      },
      options,
    );
    expect(body.generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    expect(
      toGeminiRequest({ messages: user, response_format: { type: 'text' } }, options),
    ).not.toHaveProperty('generationConfig');
  });

  it('sets thinkingConfig from reasoning_effort or the model suffix', () => {
    expect(
      toGeminiRequest({ model: 'gemini-2.5-pro', messages: user, reasoning_effort: 'medium' }, options)
        .generationConfig,
    ).toEqual({ thinkingConfig: { thinkingBudget: 8192, includeThoughts: true } });
    expect(
      toGeminiRequest({ model: 'gemini-2.5-flash-thinking-4096', messages: user }, options).generationConfig,
    ).toEqual({ thinkingConfig: { thinkingBudget: 4096, includeThoughts: true } });
    expect(
      toGeminiRequest({ model: 'gemini-2.5-flash-nothinking', messages: user }, options).generationConfig,
    ).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
    expect(geminiThinkingFromModel('gemini-2.5-flash-thinking-4096').model).toBe('gemini-2.5-flash');
  });

  it('reads the suffix of the upstream model name when given (model mapping)', () => {
    const request = { model: 'my-alias', messages: user, reasoning_effort: 'low' };
    expect(
      toGeminiRequest(request, { ...options, upstreamModel: 'gemini-2.5-flash-thinking-300' }),
    ).toMatchObject({
      generationConfig: { thinkingConfig: { thinkingBudget: 300, includeThoughts: true } },
    });
    expect(toGeminiRequest(request, { ...options, upstreamModel: 'gemini-2.5-flash' })).toMatchObject({
      generationConfig: { thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } },
    });
  });

  it('sends tools with their tool_choice, and no toolConfig without tools', () => {
    const tools = [{ type: 'function', function: { name: 'now' } }];
    expect(toGeminiRequest({ messages: user, tools, tool_choice: 'required' }, options)).toMatchObject({
      tools: [{ functionDeclarations: [{ name: 'now' }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    });
    expect(toGeminiRequest({ messages: user, tool_choice: 'required' }, options)).not.toHaveProperty(
      'toolConfig',
    );
  });

  it('adds the safety settings of the option', () => {
    const body = toGeminiRequest({ messages: user }, { safetySettings: { default: 'OFF' } });
    expect(body.safetySettings).toHaveLength(5);
    expect(body.safetySettings).toContainEqual({
      category: 'HARM_CATEGORY_CIVIC_INTEGRITY',
      threshold: 'OFF',
    });
  });

  it('carries the system instruction', () => {
    const body = toGeminiRequest({ messages: [{ role: 'system', content: 'Be brief.' }, ...user] }, options);
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }] });
  });
});
