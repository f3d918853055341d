import type { Dispatcher } from 'undici';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { msg } from '../../i18n/text.ts';
import { channelBaseUrl } from '../../providers/channel-types.ts';
import { pickKey } from '../providers/upstream-target.ts';
import { RelayError } from '../call/relay-error.ts';
import type { UpstreamClient } from '../routing/upstream-client.ts';
import { isRelayKey, klingAuthorization } from './kling-auth.ts';
import { askChannel } from './upstream-answer.ts';

/** Kling's path of an action: an image to animate is image2video (new-api's generate), else text2video. */
export const klingPath = (action: string): string =>
  action === 'generate' ? '/v1/videos/image2video' : '/v1/videos/text2video';

export interface KlingCall {
  method: 'GET' | 'POST';
  /** Kling's path (/v1/videos/…). */
  path: string;
  body?: Record<string, unknown>;
  signal: AbortSignal;
}

/**
 * Calls a Kling channel: its base URL (else Kling's Singapore address) and the path, under /kling
 * when the key is another gateway's; the key signed into a JWT. A key in neither form is the
 * channel's misconfiguration (502), an unreachable upstream a 502 as well.
 */
export async function callKling(
  upstream: UpstreamClient,
  channel: RoutableChannel,
  call: KlingCall,
): Promise<Dispatcher.ResponseData> {
  const key = pickKey(channel.row.key);
  const authorization = klingAuthorization(key);
  if (!authorization)
    throw new RelayError(502, msg('video.klingKey'), 'channel_key_invalid', 'upstream_error');
  const prefix = isRelayKey(key) ? '/kling' : '';
  const url = `${channelBaseUrl(channel.type, channel.row.base_url)}${prefix}${call.path}`;
  return askChannel(upstream, channel, url, {
    method: call.method,
    headers: {
      authorization,
      accept: 'application/json',
      ...(call.body && { 'content-type': 'application/json' }),
    },
    body: call.body ? JSON.stringify(call.body) : undefined,
    signal: call.signal,
  });
}
