import { ChannelStatus } from '@relaygate/contract';
import type { ChannelIndex, RoutableChannel } from '../../cache/channel-index.ts';
import type { OptionsCache } from '../../cache/options-cache.ts';
import type { Notifier } from '../../notify/notifier.ts';
import type { Metrics } from '../../ops/metrics.ts';
import { parseStatusCodeRanges, statusInRanges } from '../../options/status-code-ranges.ts';
import { setChannelStatus } from '../../store/channel-status.ts';
import type { Store } from '../../store/db.ts';

/** The status the client (and the retry and disable rules) see, after the channel's status_code_mapping. */
export function mappedStatus(channel: RoutableChannel, status: number): number {
  const mapped = Number(channel.statusCodeMapping[String(status)]);
  return status !== 200 && Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 ? mapped : status;
}

/** The parts of the app the failure rules use. */
export interface FailureDeps {
  settings: OptionsCache;
  store: Store;
  channels: ChannelIndex;
  notifier: Notifier;
  metrics?: Metrics;
}

/**
 * The site's retry rule for every family: AutomaticRetryStatusCodes, which never includes 504 and
 * 524 (a family may add its own retryable failures, see UpstreamErrorReading).
 */
export function isRetryableStatus(app: FailureDeps, status: number): boolean {
  if (status === 504 || status === 524) return false;
  return statusInRanges(status, parseStatusCodeRanges(app.settings.get('AutomaticRetryStatusCodes')));
}

/**
 * Auto-disable: with AutomaticDisableChannelEnabled and the channel's auto_ban, a status in
 * AutomaticDisableStatusCodes (401 by default) or a message containing one of the
 * AutomaticDisableKeywords turns the channel off (status 3) with the reason recorded.
 */
export async function maybeDisableChannel(
  app: FailureDeps,
  channel: RoutableChannel,
  status: number,
  message: string,
  /** The failure counts whatever its status or message (a channel test over the time threshold, a dead key by its family). */
  always = false,
): Promise<boolean> {
  app.metrics?.relay.upstreamError(channel.id, status);
  if (!app.settings.bool('AutomaticDisableChannelEnabled') || channel.row.auto_ban !== 1) return false;
  const byStatus =
    status > 0 &&
    statusInRanges(status, parseStatusCodeRanges(app.settings.get('AutomaticDisableStatusCodes')));
  const lower = message.toLowerCase();
  const keyword = app.settings
    .get('AutomaticDisableKeywords')
    .split('\n')
    .map((k) => k.trim().toLowerCase())
    .find((k) => k !== '' && lower.includes(k));
  if (!always && !byStatus && !keyword) return false;
  const reason = always
    ? message
    : byStatus
      ? `upstream answered HTTP ${status}: ${message}`
      : `upstream error matched "${keyword}": ${message}`;
  const changed = await setChannelStatus(app.store.db, channel.id, ChannelStatus.AutoDisabled, {
    reason: reason.slice(0, 1000),
    onlyFrom: ChannelStatus.Enabled,
  });
  if (changed) {
    app.metrics?.relay.channelAutoDisabled(channel.id);
    await app.channels.rebuild();
    app.notifier.channelStatusChanged({ id: channel.id, name: channel.row.name }, false, reason);
  }
  // Another node (or an admin) turned it off already: this node's index is stale, drop it now.
  else void app.channels.reload().catch(() => {});
  return changed;
}
