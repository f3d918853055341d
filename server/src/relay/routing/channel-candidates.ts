import type { ChannelIndex, RoutableChannel } from '../../cache/channel-index.ts';
import type { Caller } from '../call/caller.ts';
import { RelayError } from '../call/relay-error.ts';
import { msg } from '../../i18n/text.ts';
import type { NowOrLater } from '../../cache/now-or-later.ts';

/** What of the caller decides where a call may go: its group, or the channel an admin pinned. */
type Route = Pick<Caller, 'group' | 'pinnedChannelId'>;

/** The channels that may serve this call; empty when none may, and undefined for a pinned channel gone or off. */
export function routableChannels(
  channels: ChannelIndex,
  caller: Route,
  model: string,
): RoutableChannel[] | undefined {
  if (caller.pinnedChannelId === undefined) return channels.candidates(caller.group, model);
  const pinned = channels.get(caller.pinnedChannelId);
  return pinned && pinned.row.status === 1 ? [pinned] : undefined;
}

/**
 * The channels that may serve this call, highest priority first (at once when the index has them),
 * or the caller's 503. A lookup that finds nothing waits for a reload under way first (a channel
 * added a moment ago elsewhere).
 */
export function candidatesFor(
  channels: ChannelIndex,
  caller: Route,
  model: string,
): NowOrLater<RoutableChannel[]> {
  const found = routableChannels(channels, caller, model);
  return found?.length ? found : afterReload(channels, caller, model);
}

async function afterReload(channels: ChannelIndex, caller: Route, model: string): Promise<RoutableChannel[]> {
  await channels.pendingReload()?.catch(() => {});
  const found = routableChannels(channels, caller, model);
  if (found?.length) return found;
  if (caller.pinnedChannelId !== undefined) {
    throw new RelayError(
      503,
      msg('relay.channelUnavailable', { channel: caller.pinnedChannelId }),
      'channel_not_available',
    );
  }
  throw new RelayError(503, msg('relay.noChannel', { model, group: caller.group }), 'model_not_found');
}
