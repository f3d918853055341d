import { describe, expect, it } from 'vitest';
import { tabFromQuery } from './setting-tabs.ts';

describe('tabFromQuery', () => {
  it('reads known tabs and falls back to operation', () => {
    expect(tabFromQuery('system')).toBe('system');
    expect(tabFromQuery('ratelimit')).toBe('ratelimit');
    expect(tabFromQuery(null)).toBe('operation');
    expect(tabFromQuery('nope')).toBe('operation');
  });
});
