import { describe, expect, it } from 'vitest';
import { fallbacksFor } from './model-fallbacks.ts';

describe('fallback models', () => {
  const table = {
    'gpt-4o': ['gpt-4o-mini', 'gpt-4.1-mini'],
    'claude-x': { vip: ['claude-y'], '*': ['claude-z'] },
    'only-vip': { vip: ['other'] },
  };

  it('are one list for every group, or a list per group with "*" for the others', () => {
    expect(fallbacksFor(table, 'gpt-4o', 'default')).toEqual(['gpt-4o-mini', 'gpt-4.1-mini']);
    expect(fallbacksFor(table, 'claude-x', 'vip')).toEqual(['claude-y']);
    expect(fallbacksFor(table, 'claude-x', 'default')).toEqual(['claude-z']);
    expect(fallbacksFor(table, 'only-vip', 'default')).toEqual([]);
    expect(fallbacksFor(table, 'unknown', 'vip')).toEqual([]);
    expect(fallbacksFor(table, 'toString', 'vip')).toEqual([]);
  });
});
