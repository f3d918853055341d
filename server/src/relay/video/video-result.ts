import type { Dispatcher } from 'undici';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { msg } from '../../i18n/text.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { RelayError } from '../call/relay-error.ts';
import { askChannel } from './upstream-answer.ts';
import type { VideoPrivateData } from './video-task-data.ts';

/**
 * A finished video at the address its upstream gave (Kling's, Veo's), asked through the channel's
 * outbound guard with the headers it needs (Gemini's key); a task with no address yet is not ready.
 */
export async function fetchResult(
  runtime: RelayRuntime,
  channel: RoutableChannel,
  data: VideoPrivateData,
  headers: Record<string, string> = {},
): Promise<Dispatcher.ResponseData> {
  if (!data.upstream_url) {
    throw new RelayError(400, msg('video.notReady'), 'video_not_ready', 'invalid_request_error');
  }
  return askChannel(runtime.upstream, channel, data.upstream_url, { method: 'GET', headers });
}
