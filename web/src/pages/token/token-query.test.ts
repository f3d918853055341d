import { describe, expect, it } from 'vitest';
import { tokenListQuery } from './token-query.ts';

describe('tokenListQuery', () => {
  it('asks for pages counted from 0, as new-api reads p', () => {
    expect(tokenListQuery(1, 20, { keyword: '', token: '' })).toEqual({
      path: '/api/token/',
      query: { p: 0, size: 20, page_size: 20 },
    });
    expect(tokenListQuery(3, 10, { keyword: ' ', token: '' }).query.p).toBe(2);
  });

  it('searches by name or key, trimmed', () => {
    expect(tokenListQuery(2, 10, { keyword: ' bot ', token: 'sk-ab' })).toEqual({
      path: '/api/token/search',
      query: { p: 1, size: 10, page_size: 10, keyword: 'bot', token: 'sk-ab' },
    });
  });
});
