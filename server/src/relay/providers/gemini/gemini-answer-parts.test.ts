import { describe, expect, it } from 'vitest';
import { candidatePieces, geminiCandidates, openAIToolCall } from './gemini-answer-parts.ts';

describe('geminiCandidates', () => {
  it('gives each candidate its index, or its position when Gemini leaves it out', () => {
    const first = { content: { parts: [] } };
    const second = { index: 1, content: { parts: [] } };
    expect(geminiCandidates({ candidates: [first, second] })).toEqual([
      { index: 0, candidate: first },
      { index: 1, candidate: second },
    ]);
  });

  it('turns a blocked prompt into one candidate finished by SAFETY', () => {
    expect(geminiCandidates({ promptFeedback: { blockReason: 'OTHER' } })).toEqual([
      { index: 0, candidate: { finishReason: 'SAFETY' } },
    ]);
    expect(geminiCandidates({ usageMetadata: { promptTokenCount: 1 } })).toEqual([]);
  });
});

describe('candidatePieces', () => {
  it('reads text, thoughts and calls in order, without empty texts and other parts', () => {
    const candidate = {
      content: {
        role: 'model',
        parts: [
          { text: 'thinking…', thought: true },
          { text: 'Hello' },
          { text: '', thoughtSignature: 'abc' },
          { inlineData: { mimeType: 'image/png', data: 'x' } },
          { functionCall: { name: 'f', args: {} }, thoughtSignature: 'def' },
        ],
      },
    };
    expect(candidatePieces(candidate)).toEqual([
      { kind: 'reasoning', text: 'thinking…' },
      { kind: 'text', text: 'Hello' },
      { kind: 'call', functionCall: { name: 'f', args: {} } },
    ]);
    expect(candidatePieces({ finishReason: 'SAFETY' })).toEqual([]);
  });
});

describe('openAIToolCall', () => {
  it('writes the arguments as JSON text, preferring the id Gemini gave', () => {
    expect(openAIToolCall({ name: 'f', args: { a: [1] } }, 'call_0')).toEqual({
      id: 'call_0',
      type: 'function',
      function: { name: 'f', arguments: '{"a":[1]}' },
    });
    expect(openAIToolCall({ id: 'fc-9', name: 'f', args: {} }, 'call_0').id).toBe('fc-9');
  });
});
