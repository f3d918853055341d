import type { OptionsCache } from '../../cache/options-cache.ts';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { callTaskUpstream, TaskUpstreamError, type TaskUpstreamCall } from '../tasks/task-upstream.ts';
import type { UpstreamClient } from '../routing/upstream-client.ts';
import { MJ_UNKNOWN_ERROR, MjError } from './wire.ts';

/** A call to a midjourney-proxy: its path is the one from /mj on (a /mj-fast/… prefix taken off). */
export type MjCall = Omit<TaskUpstreamCall, 'headers'>;

/**
 * The drawing options (operation settings), as new-api applies them to what is sent: a callback
 * address (notifyHook) and an account filter pass only when their option allows it, and the mode
 * clear option strips --fast, --relax and --turbo from the prompt.
 */
export function withDrawingOptions(
  settings: OptionsCache,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const sent = { ...body };
  if (!settings.bool('MjAccountFilterEnabled')) delete sent.accountFilter;
  if (!settings.bool('MjNotifyEnabled')) delete sent.notifyHook;
  if (settings.bool('MjModeClearEnabled') && typeof sent.prompt === 'string') {
    sent.prompt = sent.prompt.replaceAll('--fast', '').replaceAll('--relax', '').replaceAll('--turbo', '');
  }
  return sent;
}

/** The channel's key as midjourney-proxy's mj-api-secret. */
const secretOf = (channel: RoutableChannel) => channel.row.key.trim().replace(/^Bearer\s+/i, '');

/** Calls a midjourney-proxy channel and reads its answer; an unreachable or silent one is code 5. */
export async function callMidjourney(
  upstream: UpstreamClient,
  channel: RoutableChannel,
  call: MjCall,
): Promise<{ status: number; text: string }> {
  try {
    return await callTaskUpstream(upstream, channel, {
      ...call,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'mj-api-secret': secretOf(channel),
      },
    });
  } catch (error) {
    if (error instanceof TaskUpstreamError) throw new MjError(MJ_UNKNOWN_ERROR, error.fault, 502);
    throw error;
  }
}
