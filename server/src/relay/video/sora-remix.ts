import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../i18n/text.ts';
import { callerOf } from '../call/caller.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { requireJsonObject } from '../call/relay-error.ts';
import { SORA, sendToSora } from './sora-provider.ts';
import { taskChannel } from './video-channels.ts';
import { providerFor } from './video-providers.ts';
import { channelWithTaskKey } from './video-key.ts';
import { ownVideoTask } from './video-task-routes.ts';
import { SORA_DEFAULT_SECONDS } from './video-price.ts';
import { videoInvalid, type VideoRequest } from './video-request.ts';
import { submitVideo } from './video-submit.ts';
import { privateDataOf } from './video-task-data.ts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** POST /v1/videos/:id/remix: the caller's own video remixed on its channel, priced as the original. */
export async function remixSoraVideo(
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
): Promise<Record<string, unknown>> {
  const origin = await ownVideoTask(app, request);
  const data = privateDataOf(origin);
  const prompt = text(requireJsonObject(request.body).prompt);
  const video: VideoRequest = {
    model: data.model,
    prompt,
    size: data.size,
    json: { prompt },
  };
  if (prompt.trim() === '') throw videoInvalid(msg('video.promptRequired'));
  const channel = taskChannel(app, origin);
  // Sora's own tasks only: an OpenAI-family type may make another vendor's videos (Wan on Alibaba's).
  if (providerFor(channel.type) !== SORA) throw videoInvalid(msg('video.remixSoraOnly'));
  // The original is known only to the account that made it: the remix goes with the same key.
  const keyed = channelWithTaskKey(channel, data.key_digest);
  return submitVideo(app, runtime, request, {
    caller: callerOf(request),
    request: video,
    channel,
    seconds: data.seconds || SORA_DEFAULT_SECONDS,
    action: 'remix',
    sizeRatio: data.size_ratio,
    remixedFrom: origin.task_id,
    keyDigest: data.key_digest,
    // OpenAI's remix takes the prompt alone: the rest is the original's.
    send: sendToSora(runtime, keyed, `/v1/videos/${encodeURIComponent(data.upstream_task_id)}/remix`, () => ({
      contentType: 'application/json',
      data: JSON.stringify({ prompt }),
    })),
  });
}
