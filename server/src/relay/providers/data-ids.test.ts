import { describe, expect, it } from 'vitest';
import { dataIds } from './data-ids.ts';

describe('dataIds', () => {
  it('reads the id of each item of data, whatever the items are', () => {
    expect(dataIds({ data: [{ id: 'a' }, { id: 2 }, null, 'x'] })).toEqual(['a', 2, undefined, undefined]);
  });

  it('answers null when there is no data list', () => {
    for (const body of [null, undefined, 'text', { data: {} }, { models: [] }])
      expect(dataIds(body)).toBeNull();
  });
});
