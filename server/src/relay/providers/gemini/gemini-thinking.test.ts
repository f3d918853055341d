import { describe, expect, it } from 'vitest';
import { geminiThinkingConfig, geminiThinkingFromModel } from './gemini-thinking.ts';

describe('geminiThinkingFromModel', () => {
  it('reads -thinking-<N>, -nothinking and -thinking, and strips them for the URL', () => {
    expect(geminiThinkingFromModel('gemini-2.5-flash-thinking-2048')).toEqual({
      model: 'gemini-2.5-flash',
      budget: 2048,
    });
    expect(geminiThinkingFromModel('gemini-2.5-flash-nothinking')).toEqual({
      model: 'gemini-2.5-flash',
      budget: 0,
    });
    expect(geminiThinkingFromModel('gemini-2.5-pro-thinking')).toEqual({
      model: 'gemini-2.5-pro',
      budget: -1,
    });
  });

  it('leaves other names alone', () => {
    expect(geminiThinkingFromModel('gemini-2.5-flash')).toEqual({ model: 'gemini-2.5-flash' });
    expect(geminiThinkingFromModel('gemini-2.0-flash-thinking-exp-01-21')).toEqual({
      model: 'gemini-2.0-flash-thinking-exp-01-21',
    });
  });
});

describe('geminiThinkingConfig', () => {
  it('maps reasoning_effort to a budget and asks for the thoughts', () => {
    const config = (effort: string) => geminiThinkingConfig('gemini-2.5-flash', effort);
    expect(config('low')).toEqual({ thinkingBudget: 1024, includeThoughts: true });
    expect(config('medium')).toEqual({ thinkingBudget: 8192, includeThoughts: true });
    expect(config('high')).toEqual({ thinkingBudget: 24576, includeThoughts: true });
    expect(config('none')).toEqual({ thinkingBudget: 0 });
    expect(config('constructor')).toBeUndefined();
  });

  it('takes the model suffix over reasoning_effort', () => {
    expect(geminiThinkingConfig('gemini-2.5-flash-thinking-512', 'high')).toEqual({
      thinkingBudget: 512,
      includeThoughts: true,
    });
    expect(geminiThinkingConfig('gemini-2.5-flash-nothinking', 'high')).toEqual({ thinkingBudget: 0 });
  });

  it('answers undefined when neither asks for anything', () => {
    expect(geminiThinkingConfig('gemini-2.5-flash', undefined)).toBeUndefined();
    expect(geminiThinkingConfig(undefined, 42)).toBeUndefined();
  });
});
