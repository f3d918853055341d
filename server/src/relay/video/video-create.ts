import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../call/caller.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { channelsForVideo } from './video-channels.ts';
import { pinKeyForTask } from './video-key.ts';
import { providerFor } from './video-providers.ts';
import { readVideoRequest, type Defaults } from './video-request.ts';
import { requireModelAllowed, submitVideo } from './video-submit.ts';

export interface CreateRoute {
  /** The channel types this route may send to (/v1/videos: Sora only; /v1/video/generations: any video). */
  serves: (type: number) => boolean;
  defaults: Defaults;
  /** The action when the route names it (Kling's text2video, image2video); else the provider's. */
  action?: string;
}

/**
 * A new video: the submission read (JSON or a form), a channel of the caller's group serving the
 * model on this route, then priced, sent and charged by the provider of that channel's type.
 */
export async function createVideo(
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
  route: CreateRoute,
): Promise<Record<string, unknown>> {
  const caller = callerOf(request);
  const video = await readVideoRequest(app, request, reply, route.defaults);
  requireModelAllowed(caller, video.model);
  const { first, candidates } = await channelsForVideo(app, caller, video.model, route.serves);
  const provider = providerFor(first.type)!;
  const seconds = video.seconds ?? provider.defaultSeconds;
  const attemptOn = (channel: RoutableChannel) => {
    const keyed = pinKeyForTask(channel);
    return {
      channel,
      keyDigest: keyed.keyDigest,
      send: provider.submit(runtime, keyed.channel, video, seconds),
    };
  };
  return submitVideo(app, runtime, request, {
    caller,
    request: video,
    seconds,
    action: route.action ?? provider.action(video),
    sizeRatio: provider.sizeRatio(video.size),
    ...attemptOn(first),
    // Another channel of the same type only: the same provider, so the same price.
    retry: { candidates: candidates.filter((c) => c.type === first.type), on: attemptOn },
  });
}
