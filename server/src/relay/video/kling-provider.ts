import type { RoutableChannel } from '../../cache/channel-index.ts';
import { isFilePart } from '../../http/multipart-spool.ts';
import type { RelayRuntime } from '../call/pipeline.ts';
import { fetchKlingTask } from './kling-poll.ts';
import { callKling, klingPath } from './kling-upstream.ts';
import { SUBMIT_TIMEOUT_MS } from './sora-provider.ts';
import { readJsonAnswer, upstreamGarbled, upstreamRefusal } from './upstream-answer.ts';
import type { VideoProvider } from './video-provider.ts';
import type { VideoRequest } from './video-request.ts';
import { fetchResult } from './video-result.ts';
import type { AcceptedVideo } from './video-submit.ts';

/** Kling's duration when none is asked (new-api's default 5). */
const KLING_DEFAULT_SECONDS = 5;

/** new-api's aspect ratio of an OpenAI size. */
function aspectRatio(size: string): string {
  if (size === '1280x720' || size === '1920x1080') return '16:9';
  if (size === '720x1280' || size === '1080x1920') return '9:16';
  return '1:1';
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The submission's own fields: a JSON body's, or a form's text fields. */
function fieldsOf(request: VideoRequest): Record<string, unknown> {
  if (request.json) return request.json;
  const parts = request.form?.parts.filter((part) => !isFilePart(part)) ?? [];
  return Object.fromEntries(parts.map((part) => [part.name, (part as { value: string }).value]));
}

/**
 * Kling's request (new-api's convertToRequestPayload): its defaults (std mode, 5 s, the aspect of
 * the size, cfg 0.5), then what the caller sent (Kling's own fields on /kling/…, metadata on
 * /v1/video/generations), the model named both ways, and the duration charged for.
 */
export function klingPayload(request: VideoRequest, upstreamModel: string, seconds: number) {
  const { metadata, model: _model, size: _size, seconds: _seconds, ...fields } = fieldsOf(request);
  return {
    prompt: request.prompt,
    mode: 'std',
    aspect_ratio: aspectRatio(request.size),
    cfg_scale: 0.5,
    ...fields,
    ...asObject(metadata),
    model_name: upstreamModel,
    model: upstreamModel,
    duration: String(seconds),
  };
}

/** An image to animate makes image2video (new-api's generate); a prompt alone text2video. */
const actionOf = (request: VideoRequest): string => {
  const fields = fieldsOf(request);
  return fields.image || fields.image_tail ? 'generate' : 'textGenerate';
};

/** Sends a new task to Kling; its answer `{code: 0, data: {task_id}}` is accepted, any other refused. */
function sendToKling(
  runtime: RelayRuntime,
  channel: RoutableChannel,
  request: VideoRequest,
  seconds: number,
) {
  return async (upstreamModel: string): Promise<AcceptedVideo> => {
    const response = await callKling(runtime.upstream, channel, {
      method: 'POST',
      path: klingPath(actionOf(request)),
      body: klingPayload(request, upstreamModel, seconds),
      signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
    });
    const { status, json } = await readJsonAnswer(response);
    const code = json?.code;
    if (status < 200 || status >= 300 || code !== 0) {
      const message = typeof json?.message === 'string' ? json.message : undefined;
      const refusal = message ? { error: { message, code: `kling_${String(code)}` } } : json;
      throw upstreamRefusal(status >= 300 ? status : 400, refusal);
    }
    const taskId = asObject(json?.data).task_id;
    if (!json || typeof taskId !== 'string' || taskId === '') throw upstreamGarbled();
    return { upstreamId: taskId, object: json, status: 'SUBMITTED' };
  };
}

/** Kling (channel type 50): text2video and image2video, priced by the duration. */
export const KLING: VideoProvider = {
  defaultSeconds: KLING_DEFAULT_SECONDS,
  sizeRatio: () => 1,
  action: actionOf,
  submit: sendToKling,
  fetchTask: fetchKlingTask,
  content: (runtime, channel, data) => fetchResult(runtime, channel, data),
};
