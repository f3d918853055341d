import type { RoutableChannel } from '../../../cache/channel-index.ts';

/**
 * The Coze bot a call talks to: the channel's `other` field, as new-api takes it; else the model
 * name when it is a bot id (a number), so one channel can serve several bots by their ids. Null
 * when neither names one.
 */
export function cozeBotId(channel: RoutableChannel, upstreamModel: string): string | null {
  const other = (channel.row.other ?? '').trim();
  if (other !== '') return other;
  return /^\d+$/.test(upstreamModel) ? upstreamModel : null;
}
