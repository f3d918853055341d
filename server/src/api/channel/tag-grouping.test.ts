import { describe, expect, it } from 'vitest';
import { groupByTag, tagModePage } from './tag-grouping.ts';

const channels = [
  { id: 6, tag: 'b' },
  { id: 5, tag: null },
  { id: 4, tag: 'a' },
  { id: 3, tag: 'b' },
  { id: 2, tag: '' },
  { id: 1, tag: 'a' },
];

describe('tag mode', () => {
  it('makes one row per tag, where its first channel stands, and one per untagged channel', () => {
    expect(groupByTag(channels).map((row) => row.map((c) => c.id))).toEqual([[6, 3], [5], [4, 1], [2]]);
  });

  it('pages by rows and never splits a tag', () => {
    expect(tagModePage(channels, { offset: 0, limit: 1 })).toEqual({
      total: 4,
      items: [channels[0], channels[3]],
    });
    expect(tagModePage(channels, { offset: 2, limit: 2 }).items.map((c) => c.id)).toEqual([4, 1, 2]);
    expect(tagModePage(channels, { offset: 8, limit: 2 }).items).toEqual([]);
  });
});
