import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, listRequest } from './channel-query.ts';

describe('listRequest', () => {
  it('lists without filters, p counted from 0 (page 2 is p=1)', () => {
    expect(listRequest(EMPTY_FILTERS, 2, 20, true, false)).toEqual({
      path: '/api/channel/',
      query: { p: 1, page_size: 20, id_sort: true, tag_mode: false },
    });
    expect(listRequest(EMPTY_FILTERS, 1, 10, false, false).query.p).toBe(0);
  });
  it('searches with a filter', () => {
    const request = listRequest({ ...EMPTY_FILTERS, model: ' gpt ' }, 1, 10, false, true);
    expect(request.path).toBe('/api/channel/search');
    expect(request.query).toMatchObject({ model: 'gpt', keyword: '', tag_mode: true });
  });
});
