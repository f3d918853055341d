import { describe, expect, it } from 'vitest';
import { readOpenAIUsage } from './usage.ts';

describe('readOpenAIUsage', () => {
  it('keeps OpenAI completion tokens, which already include reasoning', () => {
    const usage = readOpenAIUsage({
      prompt_tokens: 18,
      completion_tokens: 219,
      total_tokens: 237,
      completion_tokens_details: { reasoning_tokens: 205 },
    });
    expect(usage).toEqual({ promptTokens: 18, completionTokens: 219, cachedTokens: 0, reasoningTokens: 205 });
  });

  it("adds xAI's reasoning tokens, which its completion tokens leave out", () => {
    const usage = readOpenAIUsage({
      prompt_tokens: 12,
      completion_tokens: 1,
      total_tokens: 241,
      prompt_tokens_details: { cached_tokens: 2 },
      completion_tokens_details: { reasoning_tokens: 228 },
    });
    expect(usage).toEqual({ promptTokens: 12, completionTokens: 229, cachedTokens: 2, reasoningTokens: 228 });
  });

  it('reads Responses-style input/output names and DeepSeek cache hits', () => {
    expect(
      readOpenAIUsage({ input_tokens: 5, output_tokens: 7, input_tokens_details: { cached_tokens: 3 } }),
    ).toEqual({
      promptTokens: 5,
      completionTokens: 7,
      cachedTokens: 3,
      reasoningTokens: 0,
    });
    expect(
      readOpenAIUsage({ prompt_tokens: 10, completion_tokens: 1, prompt_cache_hit_tokens: 4 })?.cachedTokens,
    ).toBe(4);
  });

  it('answers undefined for absent usage, and zeros for usage that reports nothing used', () => {
    expect(readOpenAIUsage(null)).toBeUndefined();
    expect(readOpenAIUsage({})).toBeUndefined();
    expect(readOpenAIUsage({ queue_time: 0.1 })).toBeUndefined();
    expect(readOpenAIUsage({ input_tokens: 0, output_tokens: 0 })).toEqual({
      promptTokens: 0,
      completionTokens: 0,
      cachedTokens: 0,
      reasoningTokens: 0,
    });
  });
});
