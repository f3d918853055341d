import { describe, expect, it } from 'vitest';
import { laterStreamUsage, openAIUsageBody, readOpenAIUsage } from './usage.ts';

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

describe('openAIUsageBody', () => {
  it('writes OpenAI usage that reads back to the same Usage', () => {
    const usage = { promptTokens: 120, completionTokens: 230, cachedTokens: 100, reasoningTokens: 200 };
    const body = openAIUsageBody(usage);
    expect(body).toEqual({
      prompt_tokens: 120,
      completion_tokens: 230,
      total_tokens: 350,
      prompt_tokens_details: { cached_tokens: 100 },
      completion_tokens_details: { reasoning_tokens: 200 },
    });
    expect(readOpenAIUsage(body)).toEqual(usage);
  });

  it('leaves the reasoning details out when there was no reasoning', () => {
    const usage = { promptTokens: 10, completionTokens: 5, cachedTokens: 3, reasoningTokens: 0 };
    expect(openAIUsageBody(usage)).toEqual({
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
      prompt_tokens_details: { cached_tokens: 3 },
    });
    expect(readOpenAIUsage(openAIUsageBody(usage))).toEqual(usage);
  });
});

describe('laterStreamUsage', () => {
  it("keeps each count a later chunk leaves out (Cloudflare's prompt first, completion last)", () => {
    const first = readOpenAIUsage({ prompt_tokens: 45 })!;
    const last = readOpenAIUsage({ completion_tokens: 8 })!;
    expect(laterStreamUsage(undefined, first)).toBe(first);
    expect(laterStreamUsage(first, last)).toEqual({
      promptTokens: 45,
      completionTokens: 8,
      cachedTokens: 0,
      reasoningTokens: 0,
    });
  });

  it('takes every count a later usage gives, as a stream reporting running totals needs', () => {
    const early = readOpenAIUsage({ prompt_tokens: 10, completion_tokens: 1 })!;
    const late = readOpenAIUsage({ prompt_tokens: 10, completion_tokens: 30 })!;
    expect(laterStreamUsage(early, late).completionTokens).toBe(30);
  });
});
