import { describe, expect, it } from 'vitest';
import { fixturesAvailable } from '../../../../test/support/fixtures.ts';
import type { Json } from '../../formats/types.ts';
import { expectedFromAnswer, recordedAnswer } from '../../../../test/support/fixture-replay.ts';
import { geminiFinishReason, openAIChatToGemini } from './openai-chat-to-gemini-response.ts';

/** Recording, Gemini finish reason, and [prompt, candidates, thoughts, cached] token counts. */
const recordings: { path: string; finish: string; usage: [number, number, number, number] }[] = [
  { path: 'openai/chat/openai-text.json', finish: 'STOP', usage: [16, 363, 0, 0] },
  { path: 'deepseek/chat/deepseek-text.json', finish: 'MAX_TOKENS', usage: [13, 300, 0, 0] },
  { path: 'deepseek/chat/deepseek-reasoning.json', finish: 'STOP', usage: [18, 30, 315, 0] },
  { path: 'deepseek/chat/deepseek-json.json', finish: 'STOP', usage: [495, 26, 118, 320] },
  { path: 'groq/groq-reasoning.json', finish: 'STOP', usage: [17, 79, 570, 0] },
  { path: 'groq/groq-tool-call.json', finish: 'STOP', usage: [218, 15, 0, 0] },
  { path: 'mistral/mistral-reasoning.json', finish: 'STOP', usage: [10, 46, 0, 0] },
  { path: 'mistral/mistral-tool-call.json', finish: 'STOP', usage: [124, 22, 0, 0] },
  { path: 'xai/xai-tool-call.json', finish: 'STOP', usage: [291, 26, 189, 244] },
];

describe.skipIf(!fixturesAvailable)('openAIChatToGemini on recorded answers', () => {
  it.each(recordings)('$path', ({ path, finish, usage: [prompt, candidates, thoughts, cached] }) => {
    const answer = recordedAnswer(path);
    const expected = expectedFromAnswer(answer);
    const { body, usage } = openAIChatToGemini(answer, 'gemini-2.5-pro');
    const [candidate] = body.candidates as Json[];
    const parts = (candidate.content as Json).parts as Json[];

    expect(candidate).toMatchObject({ content: { role: 'model' }, finishReason: finish, index: 0 });
    expect(
      parts
        .filter((p) => p.thought === true)
        .map((p) => p.text)
        .join(''),
    ).toBe(expected.reasoning);
    expect(
      parts
        .filter((p) => typeof p.text === 'string' && !p.thought)
        .map((p) => p.text)
        .join(''),
    ).toBe(expected.text);
    expect(parts.every((p) => p.text !== '')).toBe(true);
    expect(parts.filter((p) => p.functionCall).map((p) => p.functionCall)).toEqual(
      expected.tools.map(({ name, input }) => ({ name, args: input })),
    );
    expect(body.modelVersion).toBe('gemini-2.5-pro');
    expect(body.usageMetadata).toEqual({
      promptTokenCount: prompt,
      candidatesTokenCount: candidates,
      totalTokenCount: prompt + candidates + thoughts,
      ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
      ...(cached ? { cachedContentTokenCount: cached } : {}),
    });
    expect(usage?.promptTokens).toBe(prompt);
  });
});

describe('openAIChatToGemini', () => {
  it('maps finish reasons', () => {
    expect(['stop', 'length', 'content_filter', 'tool_calls', 'weird'].map(geminiFinishReason)).toEqual([
      'STOP',
      'MAX_TOKENS',
      'SAFETY',
      'STOP',
      'OTHER',
    ]);
  });

  it('answers one candidate per choice', () => {
    const { body } = openAIChatToGemini(
      {
        choices: [
          { index: 0, message: { content: 'a' }, finish_reason: 'stop' },
          { index: 1, message: { content: 'b' }, finish_reason: 'length' },
        ],
      },
      'g',
    );
    expect(body.candidates).toEqual([
      { content: { role: 'model', parts: [{ text: 'a' }] }, finishReason: 'STOP', index: 0 },
      { content: { role: 'model', parts: [{ text: 'b' }] }, finishReason: 'MAX_TOKENS', index: 1 },
    ]);
    expect(body.usageMetadata).toEqual({ promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 });
  });
});
