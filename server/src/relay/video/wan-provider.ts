import type { TaskInfo } from './task-info.ts';
import { asObject, jsonTaskProvider, submittedFields, submittedImages } from './json-task-vendor.ts';
import type { VideoRequest } from './video-request.ts';

/**
 * Alibaba's Wan (通义万相) videos through DashScope on an Alibaba channel (type 17), as new-api's
 * ali task adaptor speaks to it: POST /api/v1/services/aigc/video-generation/video-synthesis with
 * the key as a Bearer token and X-DashScope-Async: enable, the task asked at GET /api/v1/tasks/{id}
 * (https://www.alibabacloud.com/help/en/model-studio/text-to-video-api-reference).
 */

/** Wan's duration when none is asked (new-api's 5). */
const WAN_DEFAULT_SECONDS = 5;

/** new-api's default resolution of a model when the size names none. */
function defaultResolution(model: string): string {
  if (model.startsWith('wan2.5') || model.startsWith('wan2.2-i2v-plus')) return '1080P';
  return '720P';
}

/** DashScope's resolution of a size: a tier (720p) in capitals, pixels (1280x720) by the short side. */
function resolutionOf(size: string, model: string): string {
  const pixels = /^(\d+)\s*[x*]\s*(\d+)$/.exec(size);
  if (pixels) return `${Math.min(Number(pixels[1]), Number(pixels[2]))}P`;
  if (size.trim() === '') return defaultResolution(model);
  const tier = size.trim().toUpperCase();
  return tier.endsWith('P') ? tier : `${tier}P`;
}

/**
 * Wan's request (new-api's convertToAliRequest): the prompt (and an image to animate) as input,
 * prompt rewriting on, no watermark, the resolution and the duration charged for as parameters,
 * then the caller's metadata, its input and parameters merged into those.
 */
function wanPayload(request: VideoRequest, upstreamModel: string, seconds: number) {
  const { input, parameters, ...metadata } = asObject(submittedFields(request).metadata);
  const [image] = submittedImages(request);
  return {
    model: upstreamModel,
    ...metadata,
    input: { prompt: request.prompt, ...(image && { img_url: image }), ...asObject(input) },
    parameters: {
      prompt_extend: true,
      watermark: false,
      resolution: resolutionOf(request.size, upstreamModel),
      duration: seconds,
      ...asObject(parameters),
    },
  };
}

const STATUSES: Record<string, string> = {
  PENDING: 'QUEUED',
  RUNNING: 'IN_PROGRESS',
  SUCCEEDED: 'SUCCESS',
  FAILED: 'FAILURE',
  CANCELED: 'FAILURE',
  UNKNOWN: 'FAILURE',
};

/** A DashScope task in the table's terms (new-api's ParseTaskResult; another status is queued). */
export function wanTaskInfo(answer: Record<string, unknown>): TaskInfo | undefined {
  const output = asObject(answer.output);
  if (typeof output.task_status !== 'string') return undefined;
  const status = STATUSES[output.task_status] ?? 'QUEUED';
  const url = output.video_url;
  const message = [answer.message, output.message].find((m) => typeof m === 'string' && m !== '');
  return {
    object: answer,
    status,
    ...(status === 'SUCCESS' && typeof url === 'string' && url !== '' && { url }),
    ...(status === 'FAILURE' && { reason: String(message ?? 'task failed') }),
  };
}

export const WAN = jsonTaskProvider({
  defaultSeconds: WAN_DEFAULT_SECONDS,
  action: (request) => (submittedImages(request).length > 0 ? 'generate' : 'textGenerate'),
  submitPath: () => '/api/v1/services/aigc/video-generation/video-synthesis',
  pollPath: (id) => `/api/v1/tasks/${encodeURIComponent(id)}`,
  authorization: (key) => `Bearer ${key}`,
  submitHeaders: { 'x-dashscope-async': 'enable' },
  payload: wanPayload,
  submitted(status, json) {
    const id = asObject(json.output).task_id;
    if (status >= 200 && status < 300 && !json.code)
      return typeof id === 'string' && id !== '' ? { id } : undefined;
    const message = typeof json.message === 'string' ? json.message : undefined;
    return { refused: { message, code: typeof json.code === 'string' ? json.code : 'dashscope_error' } };
  },
  taskInfo: wanTaskInfo,
});
