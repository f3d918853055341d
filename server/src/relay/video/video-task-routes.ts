import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../../i18n/text.ts';
import { findOwnTask, listOwnTasks } from '../../store/video-tasks.ts';
import { callerOf } from '../call/caller.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { RelayError } from '../call/relay-error.ts';
import { readJsonAnswer, upstreamGarbled, upstreamRefusal } from './upstream-answer.ts';
import { taskChannel, VIDEO_PLATFORMS } from './video-channels.ts';
import { channelWithTaskKey } from './video-key.ts';
import { providerFor } from './video-providers.ts';
import { videoObject } from './video-object.ts';
import { privateDataOf } from './video-task-data.ts';

/** The routes of a task once made: its state, and its content. */

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The caller's own video task named in the path; another user's is not found, as an unknown one. */
export async function ownVideoTask(app: FastifyInstance, request: FastifyRequest) {
  const id = (request.params as { id: string }).id;
  const row = await findOwnTask(app.store.db, callerOf(request).userId, VIDEO_PLATFORMS, id);
  if (!row)
    throw new RelayError(404, msg('video.taskNotFound', { id }), 'task_not_found', 'invalid_request_error');
  return row;
}

/** GET /v1/videos/:id and /v1/video/generations/:id: the caller's task as the gateway last saw it. */
export async function retrieveVideo(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Record<string, unknown>> {
  const row = await ownVideoTask(app, request);
  return videoObject(row, privateDataOf(row));
}

/** The most videos one page lists (OpenAI's default page is 20). */
const MAX_PAGE = 100;

/**
 * GET /v1/videos[?limit=&after=&order=]: the caller's own videos as OpenAI's list, newest first
 * unless order=asc, after the video named by `after` (its public id).
 */
export async function listVideos(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Record<string, unknown>> {
  const query = request.query as Record<string, unknown>;
  const limit = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(text(query.limit), 10) || 20));
  const ascending = query.order === 'asc';
  const userId = callerOf(request).userId;
  const after = text(query.after);
  let afterId: number | undefined;
  if (after !== '') {
    const anchor = await findOwnTask(app.store.db, userId, VIDEO_PLATFORMS, after);
    if (!anchor)
      throw new RelayError(
        404,
        msg('video.taskNotFound', { id: after }),
        'task_not_found',
        'invalid_request_error',
      );
    afterId = anchor.id;
  }
  const rows = await listOwnTasks(app.store.db, userId, VIDEO_PLATFORMS, { limit, afterId, ascending });
  const data = rows.slice(0, limit).map((row) => videoObject(row, privateDataOf(row)));
  return {
    object: 'list',
    data,
    first_id: data[0]?.id ?? null,
    last_id: data.at(-1)?.id ?? null,
    has_more: rows.length > limit,
  };
}

/** Content types the content route passes on (OpenAI's: video/mp4, image/webp, application/json). */
const CONTENT_TYPE = /^(video\/[a-z0-9.+-]+|image\/[a-z0-9.+-]+|application\/(json|octet-stream))(;.*)?$/i;

/**
 * GET /v1/videos/:id/content[?variant=]: the caller's video streamed as it arrives (never held
 * whole here), with the upstream's type and length, as its channel's provider fetches it.
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
  const channel = channelWithTaskKey(taskChannel(app, row), data.key_digest);
  const response = await providerFor(channel.type)!.content(runtime, channel, data, variant);
  if (response.statusCode !== 200) {
    const { status, json } = await readJsonAnswer(response);
    throw upstreamRefusal(status, json);
  }
  const type = String(response.headers['content-type'] ?? 'video/mp4');
  if (!CONTENT_TYPE.test(type)) {
    response.body.destroy();
    throw upstreamGarbled();
  }
  const length = response.headers['content-length'];
  if (typeof length === 'string') void reply.header('content-length', length);
  return reply.header('content-type', type).send(response.body);
}
