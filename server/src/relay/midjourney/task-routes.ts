import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  findMidjourneyByMjId,
  findOwnMidjourney,
  findOwnMidjourneys,
} from '../../store/midjourney-queries.ts';
import { callerOf } from '../call/caller.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { originChannel } from './channels.ts';
import { callMidjourney } from './mj-upstream.ts';
import { upstreamPath } from './submit.ts';
import { mjTaskView } from './task-view.ts';
import { asObject, mjBadRequest, MjError, MJ_UNKNOWN_ERROR, readAnswer } from './wire.ts';

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** GET /mj/task/:id/fetch: the caller's own drawing, as the gateway last saw it (no upstream call). */
export async function fetchTask(app: FastifyInstance, request: FastifyRequest): Promise<unknown> {
  const row = await findOwnMidjourney(app.store.db, callerOf(request).userId, idOf(request));
  if (!row) throw mjBadRequest('task_no_found');
  return mjTaskView(app.settings, row);
}

/** POST /mj/task/list-by-condition {ids}: the caller's own drawings among those ids. */
export async function listTasks(app: FastifyInstance, request: FastifyRequest): Promise<unknown> {
  const ids = asObject(request.body)?.ids;
  if (ids !== undefined && !Array.isArray(ids)) throw mjBadRequest('ids_must_be_a_list');
  const wanted = (ids ?? []).filter((id): id is string => typeof id === 'string');
  const rows = await findOwnMidjourneys(app.store.db, callerOf(request).userId, wanted);
  return rows.map((row) => mjTaskView(app.settings, row));
}

/** GET /mj/task/:id/image-seed: asked of the channel holding the caller's task. */
export async function imageSeed(
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
): Promise<{ status: number; body: unknown }> {
  const row = await findOwnMidjourney(app.store.db, callerOf(request).userId, idOf(request));
  if (!row) throw mjBadRequest('task_no_found');
  const { status, text } = await callMidjourney(runtime.upstream, originChannel(app, row), {
    method: 'GET',
    path: upstreamPath(request.url),
    timeoutMs: 30_000,
  });
  if (!readAnswer(text)) throw new MjError(MJ_UNKNOWN_ERROR, 'unmarshal_response_body_failed', 502);
  return { status, body: JSON.parse(text) as unknown };
}

/** Image types the proxy passes on; anything else is refused rather than served from our address. */
const IMAGE_TYPE = /^(image\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/octet-stream)(;.*)?$/i;

/**
 * GET /mj/image/:id: the drawing's image, streamed from its provider's address (the forward URL
 * option points callers here). As new-api's, the id is the credential; the address goes through
 * the outbound guard of the channel that drew it.
 */
export async function proxyImage(
  app: FastifyInstance,
  runtime: RelayRuntime,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const row = await findMidjourneyByMjId(app.store.db, idOf(request));
  if (!row || !row.image_url) throw mjBadRequest('midjourney_task_not_found');
  const channel = app.channels.get(Number(row.channel_id));
  let response;
  try {
    response = await runtime.upstream.send(row.image_url, {
      method: 'GET',
      headers: {},
      signal: AbortSignal.timeout(60_000),
      addressTrusted: channel ? channel.row.address_trusted !== 0 : false,
    });
  } catch {
    throw new MjError(MJ_UNKNOWN_ERROR, 'http_get_image_failed', 502);
  }
  if (response.statusCode !== 200) {
    response.body.destroy();
    throw new MjError(MJ_UNKNOWN_ERROR, `http_get_image_failed: ${response.statusCode}`, 502);
  }
  const type = String(response.headers['content-type'] ?? 'image/jpeg');
  if (!IMAGE_TYPE.test(type)) {
    response.body.destroy();
    throw new MjError(MJ_UNKNOWN_ERROR, 'not_an_image', 502);
  }
  return reply.header('content-type', type).send(response.body);
}
