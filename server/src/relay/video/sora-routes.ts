import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../../i18n/text.ts';
import { findOwnTask } from '../../store/video-tasks.ts';
import { callerOf } from '../caller.ts';
import type { RelayRuntime } from '../pipeline.ts';
import { RelayError, requireJsonObject } from '../relay-error.ts';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import { callSora, readJsonAnswer, soraSubmitBody, upstreamRefusal, type SoraCall } from './sora-upstream.ts';
import { channelForVideo, servesSora, taskChannel, VIDEO_PLATFORMS } from './video-channels.ts';
import { videoObject } from './video-object.ts';
import { SORA_DEFAULT_SECONDS, soraSizeRatio } from './video-price.ts';
import { readVideoRequest, videoInvalid, type VideoRequest } from './video-request.ts';
import { submitVideo, type AcceptedVideo } from './video-submit.ts';
import { privateDataOf } from './video-task-data.ts';

/** How long a submission may take upstream (new-api's 60 s). */
const SUBMIT_TIMEOUT_MS = 60_000;

const SORA_DEFAULTS = { model: 'sora-2', seconds: SORA_DEFAULT_SECONDS, size: '' };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Sends a submission to an OpenAI-type channel's Videos API and reads its task. */
function sendToSora(
  runtime: RelayRuntime,
  channel: RoutableChannel,
  path: string,
  body: (upstreamModel: string) => NonNullable<SoraCall['body']>,
) {
  return async (upstreamModel: string): Promise<AcceptedVideo> => {
    const response = await callSora(runtime.upstream, channel, {
      method: 'POST',
      path,
      body: body(upstreamModel),
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    });
    const { status, json } = await readJsonAnswer(response);
    if (status < 200 || status >= 300) throw upstreamRefusal(status, json);
    const upstreamId = text(json?.id) || text(json?.task_id);
    if (!json || upstreamId === '') {
      throw new RelayError(502, msg('video.upstreamGarbled'), 'bad_response_body', 'upstream_error');
    }
    return { upstreamId, object: json };
  };
}

/** The caller's own video task named in the path; another user's is not found, as an unknown one. */
export async function ownVideoTask(app: FastifyInstance, request: FastifyRequest) {
  const id = (request.params as { id: string }).id;
  const row = await findOwnTask(app.store.db, callerOf(request).userId, VIDEO_PLATFORMS, id);
  if (!row)
    throw new RelayError(404, msg('video.taskNotFound', { id }), 'task_not_found', 'invalid_request_error');
  return row;
}

/** POST /v1/videos (JSON or a form with input_reference) and /v1/video/generations on a Sora channel. */
export async function createSoraVideo(
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Record<string, unknown>> {
  const caller = callerOf(request);
  const video = await readVideoRequest(app, request, reply, SORA_DEFAULTS);
  const channel = await channelForVideo(app, caller, video.model, servesSora);
  return submitVideo(app, runtime, request, {
    caller,
    request: video,
    channel,
    action: 'generate',
    sizeRatio: soraSizeRatio(video.size),
    send: sendToSora(runtime, channel, '/v1/videos', (model) => soraSubmitBody(video, model)),
  });
}

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
    seconds: data.seconds || SORA_DEFAULT_SECONDS,
    size: data.size,
    json: { prompt },
  };
  if (prompt.trim() === '') throw videoInvalid(msg('video.promptRequired'));
  const channel = taskChannel(app, origin);
  return submitVideo(app, runtime, request, {
    caller: callerOf(request),
    request: video,
    channel,
    action: 'remix',
    sizeRatio: data.size_ratio,
    remixedFrom: origin.task_id,
    // OpenAI's remix takes the prompt alone: the rest is the original's.
    send: sendToSora(
      runtime,
      channel,
      `/v1/videos/${encodeURIComponent(data.upstream_task_id)}/remix`,
      () => ({
        contentType: 'application/json',
        data: JSON.stringify({ prompt }),
      }),
    ),
  });
}

/** GET /v1/videos/:id and /v1/video/generations/:id: the caller's task as the gateway last saw it. */
export async function retrieveVideo(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Record<string, unknown>> {
  const row = await ownVideoTask(app, request);
  return videoObject(row, privateDataOf(row));
}

/** Content types the content route passes on (OpenAI's: video/mp4, image/webp, application/json). */
const CONTENT_TYPE = /^(video\/[a-z0-9.+-]+|image\/[a-z0-9.+-]+|application\/(json|octet-stream))(;.*)?$/i;

/**
 * GET /v1/videos/:id/content[?variant=]: the caller's video streamed from its channel as it
 * arrives (never held whole here), with the upstream's type and length.
 */
export async function videoContent(
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const row = await ownVideoTask(app, request);
  const data = privateDataOf(row);
  const variant = text((request.query as Record<string, unknown>).variant);
  const query = variant !== '' ? `?variant=${encodeURIComponent(variant)}` : '';
  const response = await callSora(runtime.upstream, taskChannel(app, row), {
    method: 'GET',
    path: `/v1/videos/${encodeURIComponent(data.upstream_task_id)}/content${query}`,
    accept: '*/*',
  });
  if (response.statusCode !== 200) {
    const { status, json } = await readJsonAnswer(response);
    throw upstreamRefusal(status, json);
  }
  const type = String(response.headers['content-type'] ?? 'video/mp4');
  if (!CONTENT_TYPE.test(type)) {
    response.body.destroy();
    throw new RelayError(502, msg('video.upstreamGarbled'), 'bad_response_body', 'upstream_error');
  }
  const length = response.headers['content-length'];
  if (typeof length === 'string') void reply.header('content-length', length);
  return reply.header('content-type', type).send(response.body);
}
