import { ChannelStatus, type ChannelView } from '@relaygate/contract';
import { splitNames } from './channel-status.ts';

export interface ChannelRowItem {
  kind: 'channel';
  key: number;
  channel: ChannelView;
}

/** Tag mode: one row per tag, its channels as children. */
export interface TagRowItem {
  kind: 'tag';
  key: string;
  tag: string;
  /** Enabled when any of its channels is. */
  enabled: boolean;
  usedQuota: number;
  groups: string[];
  children: ChannelRowItem[];
}

export type ChannelRow = ChannelRowItem | TagRowItem;

const channelRow = (channel: ChannelView): ChannelRowItem => ({ kind: 'channel', key: channel.id, channel });

export const tagRowKey = (tag: string): string => `tag:${tag}`;

function tagRow(tag: string, channels: ChannelView[]): TagRowItem {
  return {
    kind: 'tag',
    key: tagRowKey(tag),
    tag,
    enabled: channels.some((channel) => channel.status === ChannelStatus.Enabled),
    usedQuota: channels.reduce((sum, channel) => sum + channel.used_quota, 0),
    groups: [...new Set(channels.flatMap((channel) => splitNames(channel.group)))],
    children: channels.map(channelRow),
  };
}

/**
 * The table rows for a page. Without tag mode every channel is a row. In tag mode the server
 * sends the page's channels with each tag's channels together; they become one row per tag
 * (where its first channel stands) and one row per untagged channel.
 */
export function buildRows(channels: ChannelView[], tagMode: boolean): ChannelRow[] {
  if (!tagMode) return channels.map(channelRow);
  const rows: (ChannelRowItem | { tag: string; channels: ChannelView[] })[] = [];
  const byTag = new Map<string, ChannelView[]>();
  for (const channel of channels) {
    if (!channel.tag) {
      rows.push(channelRow(channel));
      continue;
    }
    const group = byTag.get(channel.tag);
    if (group) group.push(channel);
    else {
      const created = [channel];
      byTag.set(channel.tag, created);
      rows.push({ tag: channel.tag, channels: created });
    }
  }
  return rows.map((row) => ('kind' in row ? row : tagRow(row.tag, row.channels)));
}

/** The channel ids among selected row keys (tag rows select their channels through the table). */
export const selectedChannelIds = (keys: readonly (string | number | bigint)[]): number[] =>
  keys.filter((key): key is number => typeof key === 'number');

/** Whether a row is shown greyed: a channel that is not enabled, or a tag with no enabled channel. */
export const isRowDisabled = (row: ChannelRow): boolean =>
  row.kind === 'tag' ? !row.enabled : row.channel.status !== ChannelStatus.Enabled;
