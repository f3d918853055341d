import { describe, expect, it } from 'vitest';
import { planThinking, resolveMaxTokens, type ThinkingInput } from './anthropic-thinking.ts';

const input = (overrides: Partial<ThinkingInput>): ThinkingInput => ({
  model: 'claude-sonnet-4-5',
  maxTokens: 8192,
  reasoningEffort: undefined,
  adapterEnabled: true,
  budgetPercentage: 0.8,
  thinkingRefused: false,
  ...overrides,
});

describe('planThinking', () => {
  it('leaves thinking off by default', () => {
    expect(planThinking(input({}))).toEqual({ model: 'claude-sonnet-4-5', maxTokens: 8192 });
  });

  it('strips -thinking and gives thinking floor(max_tokens × percentage)', () => {
    expect(planThinking(input({ model: 'claude-sonnet-4-5-thinking', maxTokens: 10001 }))).toEqual({
      model: 'claude-sonnet-4-5',
      maxTokens: 10001,
      thinking: { type: 'enabled', budget_tokens: 8000 },
    });
  });

  it('raises max_tokens to 1280 and keeps the budget within 1024 and max_tokens - 1', () => {
    expect(planThinking(input({ model: 'm-thinking', maxTokens: 100 }))).toEqual({
      model: 'm',
      maxTokens: 1280,
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
    expect(
      planThinking(input({ model: 'm-thinking', maxTokens: 4000, budgetPercentage: 0.1 })).thinking,
    ).toEqual({
      type: 'enabled',
      budget_tokens: 1024,
    });
    expect(
      planThinking(input({ model: 'm-thinking', maxTokens: 4000, budgetPercentage: 1 })).thinking,
    ).toEqual({
      type: 'enabled',
      budget_tokens: 3999,
    });
  });

  it('keeps the -thinking name as it is when the adapter is off', () => {
    expect(planThinking(input({ model: 'm-thinking', adapterEnabled: false }))).toEqual({
      model: 'm-thinking',
      maxTokens: 8192,
    });
  });

  it.each([
    ['minimal', 1024],
    ['low', 1024],
    ['medium', 4096],
    ['high', 16384],
  ])('turns reasoning_effort %s into a budget of %i', (effort, budget) => {
    expect(planThinking(input({ reasoningEffort: effort, maxTokens: 32000 }))).toEqual({
      model: 'claude-sonnet-4-5',
      maxTokens: 32000,
      thinking: { type: 'enabled', budget_tokens: budget },
    });
  });

  it('raises max_tokens above an effort budget, keeping the room asked for the answer', () => {
    expect(planThinking(input({ reasoningEffort: 'high', maxTokens: 8192 })).maxTokens).toBe(16384 + 8192);
    expect(planThinking(input({ reasoningEffort: 'low', maxTokens: 1024 })).maxTokens).toBe(2048);
  });

  it('ignores an unknown or "none" effort', () => {
    expect(planThinking(input({ reasoningEffort: 'none' })).thinking).toBeUndefined();
    expect(planThinking(input({ reasoningEffort: 7 })).thinking).toBeUndefined();
  });

  it('keeps thinking off when Anthropic would refuse it', () => {
    expect(planThinking(input({ model: 'm-thinking', thinkingRefused: true }))).toEqual({
      model: 'm',
      maxTokens: 8192,
    });
    expect(planThinking(input({ reasoningEffort: 'high', thinkingRefused: true })).thinking).toBeUndefined();
  });
});

describe('resolveMaxTokens', () => {
  const defaults = { 'claude-opus-4-1': 32000, 'odd-thinking': 5000, default: 4096 };

  it('takes max_tokens, else max_completion_tokens', () => {
    expect(
      resolveMaxTokens({ max_tokens: 100, max_completion_tokens: 200 }, 'claude-opus-4-1', defaults),
    ).toBe(100);
    expect(resolveMaxTokens({ max_completion_tokens: 200 }, 'claude-opus-4-1', defaults)).toBe(200);
    expect(resolveMaxTokens({ max_tokens: 0, max_completion_tokens: 1.5 }, 'x', defaults)).toBe(4096);
  });

  it('falls back to the model default (without -thinking, then with), then default, then 8192', () => {
    expect(resolveMaxTokens({}, 'claude-opus-4-1', defaults)).toBe(32000);
    expect(resolveMaxTokens({}, 'claude-opus-4-1-thinking', defaults)).toBe(32000);
    expect(resolveMaxTokens({}, 'odd-thinking', defaults)).toBe(5000);
    expect(resolveMaxTokens({}, 'claude-haiku', defaults)).toBe(4096);
    expect(resolveMaxTokens({}, 'claude-haiku', {})).toBe(8192);
  });
});
