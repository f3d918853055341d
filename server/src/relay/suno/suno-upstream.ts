import type { RoutableChannel } from '../../cache/channel-index.ts';
import { msg } from '../../i18n/text.ts';
import { callTaskUpstream, TaskUpstreamError, type TaskUpstreamCall } from '../tasks/task-upstream.ts';
import type { UpstreamClient } from '../routing/upstream-client.ts';
import { sunoError } from './wire.ts';

/** The channel's key, sent as new-api sends it: Authorization: Bearer <key>. */
const keyOf = (channel: RoutableChannel) => channel.row.key.trim().replace(/^Bearer\s+/i, '');

/** Calls a Suno API channel (POST with a JSON body) and reads its answer; an unreachable or silent one is a 502. */
export async function callSuno(
  upstream: UpstreamClient,
  channel: RoutableChannel,
  call: Omit<TaskUpstreamCall, 'headers' | 'method'>,
): Promise<{ status: number; text: string }> {
  try {
    return await callTaskUpstream(upstream, channel, {
      ...call,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${keyOf(channel)}`,
      },
    });
  } catch (error) {
    if (error instanceof TaskUpstreamError)
      throw sunoError(502, error.fault, msg('suno.upstreamUnreachable', { fault: error.fault }));
    throw error;
  }
}
