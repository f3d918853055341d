import { createHash, randomInt } from 'node:crypto';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { VERTEX_TYPE } from './video-channels.ts';

/**
 * A task belongs to the upstream account that made it: on a channel holding several keys (one a
 * line), the key a task was submitted with is the one its polls and content must use. The key
 * itself is not copied into the task's row: its digest is kept in the private data, and the key
 * found again among the channel's by it.
 */

const digest = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 16);

const keysOf = (channel: RoutableChannel): string[] =>
  channel.row.key
    .split('\n')
    .map((key) => key.trim())
    .filter((key) => key !== '');

/** The channel as if it held only `key`. */
const withKey = (channel: RoutableChannel, key: string): RoutableChannel => ({
  ...channel,
  row: { ...channel.row, key },
});

/**
 * One of the channel's keys for a new task, and the digest to find it again by; a channel with one
 * key (or a Vertex service account, a JSON document) is used as it is, with no digest.
 */
export function pinKeyForTask(channel: RoutableChannel): { channel: RoutableChannel; keyDigest?: string } {
  const keys = keysOf(channel);
  if (channel.type === VERTEX_TYPE || keys.length <= 1) return { channel };
  const key = keys[randomInt(keys.length)]!;
  return { channel: withKey(channel, key), keyDigest: digest(key) };
}

/** The channel with the key a task was made with, while the channel still holds it; else as it is. */
export function channelWithTaskKey(channel: RoutableChannel, keyDigest: string | undefined): RoutableChannel {
  if (!keyDigest) return channel;
  const key = keysOf(channel).find((candidate) => digest(candidate) === keyDigest);
  return key ? withKey(channel, key) : channel;
}
