/**
 * Tag mode of the channel list: the console shows one row per tag (its channels as children) and
 * one row per untagged channel. Paging counts those rows, so a tag's channels never split across
 * pages. A row stands where its first channel stands in the list order.
 */
export function groupByTag<T extends { tag: string | null }>(channels: T[]): T[][] {
  const rows: T[][] = [];
  const byTag = new Map<string, T[]>();
  for (const channel of channels) {
    if (!channel.tag) {
      rows.push([channel]);
      continue;
    }
    const row = byTag.get(channel.tag);
    if (row) {
      row.push(channel);
    } else {
      const created = [channel];
      byTag.set(channel.tag, created);
      rows.push(created);
    }
  }
  return rows;
}

/** One page of tag-mode rows, flattened back into channels; total counts rows. */
export function tagModePage<T extends { tag: string | null }>(
  channels: T[],
  page: { offset: number; limit: number },
): { total: number; items: T[] } {
  const rows = groupByTag(channels);
  return { total: rows.length, items: rows.slice(page.offset, page.offset + page.limit).flat() };
}
