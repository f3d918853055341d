import type { ChannelView } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { buildRows, isRowDisabled, selectedChannelIds } from './tag-rows.ts';

const channel = (id: number, tag: string, status = 1, group = 'default'): ChannelView =>
  ({ id, tag, status, group, used_quota: id * 10 }) as ChannelView;

describe('buildRows', () => {
  it('keeps one row per channel outside tag mode', () => {
    const rows = buildRows([channel(1, 'a'), channel(2, 'a')], false);
    expect(rows.map((row) => row.key)).toEqual([1, 2]);
  });

  it('groups tagged channels under a tag row at its first channel', () => {
    const rows = buildRows(
      [channel(1, ''), channel(2, 'a', 2), channel(3, 'a', 1, 'vip'), channel(4, '')],
      true,
    );
    expect(rows.map((row) => row.key)).toEqual([1, 'tag:a', 4]);
    const tag = rows[1];
    expect(tag.kind).toBe('tag');
    if (tag.kind !== 'tag') return;
    expect(tag.children.map((child) => child.key)).toEqual([2, 3]);
    expect(tag.enabled).toBe(true);
    expect(tag.usedQuota).toBe(50);
    expect(tag.groups).toEqual(['default', 'vip']);
  });

  it('greys a tag row only when no channel is enabled', () => {
    const [disabled] = buildRows([channel(1, 't', 2), channel(2, 't', 3)], true);
    expect(isRowDisabled(disabled)).toBe(true);
    const [enabled] = buildRows([channel(1, 't', 2), channel(2, 't', 1)], true);
    expect(isRowDisabled(enabled)).toBe(false);
  });
});

describe('selectedChannelIds', () => {
  it('keeps channel ids and drops tag rows', () => {
    expect(selectedChannelIds([1, 'tag:a', 3])).toEqual([1, 3]);
  });
});
