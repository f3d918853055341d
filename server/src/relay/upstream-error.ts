import { ChannelStatus } from '@relaygate/contract';
import type { AppContext } from '../app-context.ts';
import type { RoutableChannel } from '../cache/channel-index.ts';
import { parseStatusCodeRanges, statusInRanges } from '../options/status-code-ranges.ts';
import { setChannelStatus } from '../store/channel-status.ts';

/** The message inside an upstream error body, whatever shape the provider used. */
export function upstreamErrorMessage(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const error = body.error;
    if (typeof error === 'string') return error;
    if (error && typeof error === 'object') {
      const message = (error as Record<string, unknown>).message;
      if (typeof message === 'string' && message !== '') return message;
    }
    if (typeof body.message === 'string') return body.message;
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // Not JSON: use the text itself.
  }
  const trimmed = text.trim().slice(0, 500);
  return trimmed !== '' ? trimmed : `upstream answered HTTP ${status}`;
}

/** The status the client (and the retry and disable rules) see, after the channel's status_code_mapping. */
export function mappedStatus(channel: RoutableChannel, status: number): number {
  const mapped = Number(channel.statusCodeMapping[String(status)]);
  return status !== 200 && Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 ? mapped : status;
}

/** 429 and 5xx (not 504 or 524) by default: AutomaticRetryStatusCodes, which never includes 504 and 524. */
/** The parts of the app the failure rules use. */
export type FailureDeps = Pick<AppContext, 'settings' | 'store' | 'channels' | 'notifier'>;

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
  /** The failure counts whatever its status or message (a channel test over the time threshold). */
  always = false,
): Promise<boolean> {
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
    await app.channels.rebuild();
    app.notifier.channelStatusChanged({ id: channel.id, name: channel.row.name }, false, reason);
  }
  // Another node (or an admin) turned it off already: this node's index is stale, drop it now.
  else void app.channels.reload().catch(() => {});
  return changed;
}
