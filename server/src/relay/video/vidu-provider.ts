import type { TaskInfo } from './task-info.ts';
import { asObject, jsonTaskProvider, submittedFields, submittedImages } from './json-task-vendor.ts';
import type { VideoRequest } from './video-request.ts';

/**
 * Vidu (channel type 52), as new-api's vidu adaptor speaks to it: POST /ent/v2/{text2video,
 * img2video, start-end2video, reference2video} with `Authorization: Token {key}`, the task asked
 * at GET /ent/v2/tasks/{id}/creations (https://platform.vidu.com/docs/text-to-video,
 * https://platform.vidu.com/docs/get-generation).
 */

/** Vidu's duration when none is asked (new-api's default 5). */
const VIDU_DEFAULT_SECONDS = 5;

/** new-api's action by the images sent: none text, one image, two first and last frame, more references. */
function viduAction(request: VideoRequest): string {
  const chosen = asObject(submittedFields(request).metadata).action;
  if (typeof chosen === 'string' && chosen !== '') return chosen;
  const images = submittedImages(request).length;
  if (images === 0) return 'textGenerate';
  if (images === 1) return 'generate';
  return images === 2 ? 'firstTailGenerate' : 'referenceGenerate';
}

const PATHS: Record<string, string> = {
  generate: '/ent/v2/img2video',
  firstTailGenerate: '/ent/v2/start-end2video',
  referenceGenerate: '/ent/v2/reference2video',
};

/** Vidu's resolution of a size: its own tier (720p) as it is, pixels (1280x720) by the short side, else 1080p. */
function resolutionOf(size: string): string {
  if (/^\d+p$/i.test(size)) return size.toLowerCase();
  const pixels = /^(\d+)\s*[x*]\s*(\d+)$/.exec(size);
  return pixels ? `${Math.min(Number(pixels[1]), Number(pixels[2]))}p` : '1080p';
}

/** Vidu's request (new-api's convertToRequestPayload): its defaults, then the caller's metadata. */
function viduPayload(request: VideoRequest, upstreamModel: string, seconds: number, action: string) {
  const { action: _action, ...metadata } = asObject(submittedFields(request).metadata);
  // The reference2video of viduq2 takes the bare model name (new-api, after Vidu's documentation).
  const model = action === 'referenceGenerate' && upstreamModel.includes('viduq2') ? 'viduq2' : upstreamModel;
  const images = submittedImages(request);
  return {
    model,
    // text2video takes none (new-api sends null then).
    ...(images.length > 0 && { images }),
    prompt: request.prompt,
    duration: seconds,
    resolution: resolutionOf(request.size),
    movement_amplitude: 'auto',
    bgm: false,
    ...metadata,
  };
}

const STATUSES: Record<string, string> = {
  created: 'SUBMITTED',
  queueing: 'SUBMITTED',
  processing: 'IN_PROGRESS',
  success: 'SUCCESS',
  failed: 'FAILURE',
};

/** A Vidu task's creations answer in the table's terms; an unknown state is no news. */
export function viduTaskInfo(answer: Record<string, unknown>): TaskInfo | undefined {
  const status = STATUSES[String(answer.state)];
  if (!status) return undefined;
  const creation = asObject(Array.isArray(answer.creations) ? answer.creations[0] : undefined);
  const url = typeof creation.url === 'string' ? creation.url : '';
  return {
    object: answer,
    status,
    ...(status === 'SUCCESS' && url !== '' && { url }),
    ...(status === 'FAILURE' && { reason: String(answer.err_code || 'task failed') }),
  };
}

export const VIDU = jsonTaskProvider({
  defaultSeconds: VIDU_DEFAULT_SECONDS,
  action: viduAction,
  submitPath: (action) => PATHS[action] ?? '/ent/v2/text2video',
  pollPath: (id) => `/ent/v2/tasks/${encodeURIComponent(id)}/creations`,
  authorization: (key) => `Token ${key}`,
  payload: viduPayload,
  submitted(status, json) {
    const id = json.task_id;
    const accepted = status >= 200 && status < 300 && json.state !== 'failed';
    if (accepted) return typeof id === 'string' && id !== '' ? { id } : undefined;
    const message = [json.message, json.reason, json.err_code].find((m) => typeof m === 'string' && m !== '');
    const fallback = json.state === 'failed' ? 'task failed' : undefined;
    return { refused: { message: (message as string | undefined) ?? fallback, code: 'vidu_error' } };
  },
  taskInfo: viduTaskInfo,
});
