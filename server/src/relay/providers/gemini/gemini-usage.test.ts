import { describe, expect, it } from 'vitest';
import { fromGeminiUsage, hasGeminiTokenCounts } from './gemini-usage.ts';

describe('fromGeminiUsage', () => {
  it('adds thoughts to the completion and keeps cached tokens inside the prompt', () => {
    expect(
      fromGeminiUsage({
        promptTokenCount: 120,
        cachedContentTokenCount: 100,
        candidatesTokenCount: 30,
        thoughtsTokenCount: 200,
        totalTokenCount: 350,
      }),
    ).toEqual({ promptTokens: 120, completionTokens: 230, cachedTokens: 100, reasoningTokens: 200 });
  });

  it("counts the prompts of Gemini's own tools (grounding, code execution) as prompt, so the total is paid", () => {
    const meta = {
      promptTokenCount: 12,
      candidatesTokenCount: 40,
      toolUsePromptTokenCount: 230,
      thoughtsTokenCount: 8,
      totalTokenCount: 290,
    };
    const usage = fromGeminiUsage(meta);
    expect(usage).toEqual({ promptTokens: 242, completionTokens: 48, cachedTokens: 0, reasoningTokens: 8 });
    expect(usage.promptTokens + usage.completionTokens).toBe(meta.totalTokenCount);
  });

  it('counts missing fields as zero', () => {
    expect(fromGeminiUsage({ promptTokenCount: 9 })).toEqual({
      promptTokens: 9,
      completionTokens: 0,
      cachedTokens: 0,
      reasoningTokens: 0,
    });
    expect(fromGeminiUsage(undefined)).toEqual({
      promptTokens: 0,
      completionTokens: 0,
      cachedTokens: 0,
      reasoningTokens: 0,
    });
  });
});

describe('hasGeminiTokenCounts', () => {
  it('tells metadata with counts from the trafficType-only metadata of Vertex streams', () => {
    expect(hasGeminiTokenCounts({ promptTokenCount: 1 })).toBe(true);
    expect(hasGeminiTokenCounts({ trafficType: 'ON_DEMAND' })).toBe(false);
    expect(hasGeminiTokenCounts(undefined)).toBe(false);
  });
});
