import type { TaskInfo } from './task-info.ts';
import { asObject, jsonTaskProvider, submittedFields, submittedImages } from './json-task-vendor.ts';
import type { VideoRequest } from './video-request.ts';

/**
 * MiniMax's Hailuo videos through a MiniMax channel (type 35), as new-api's hailuo adaptor speaks
 * to it: POST /v1/video_generation with the key as a Bearer token, the task asked at
 * GET /v1/query/video_generation?task_id=…, and a finished task's file_id turned into its address
 * by GET /v1/files/retrieve?file_id=… (https://platform.minimaxi.com/docs/api-reference/video-generation-intro,
 * …/video-generation-query, …/video-generation-download).
 */

/** Hailuo's duration when none is asked (new-api's DefaultDuration 6). */
const HAILUO_DEFAULT_SECONDS = 6;

/** MiniMax's base_resp.status_code of success. */
const OK = 0;

/** new-api's resolution of a size: the first tier named in it, else 720P (new-api's default). */
function resolutionOf(size: string): string {
  for (const tier of ['1080', '768', '720', '512']) if (size.includes(tier)) return `${tier}P`;
  return '720P';
}

/** Hailuo's request (new-api's convertToRequestPayload): model, prompt, duration, resolution, then metadata. */
function hailuoPayload(request: VideoRequest, upstreamModel: string, seconds: number) {
  const [image] = submittedImages(request);
  return {
    model: upstreamModel,
    prompt: request.prompt,
    duration: seconds,
    resolution: resolutionOf(request.size),
    ...(image && { first_frame_image: image }),
    ...asObject(submittedFields(request).metadata),
  };
}

const baseResp = (json: Record<string, unknown>) => asObject(json.base_resp);

const STATUSES: Record<string, [string, number]> = {
  Preparing: ['IN_PROGRESS', 30],
  Queueing: ['IN_PROGRESS', 30],
  Processing: ['IN_PROGRESS', 50],
  Success: ['SUCCESS', 100],
  Fail: ['FAILURE', 100],
};

/** A Hailuo task in the table's terms (new-api's ParseTaskResult); its address comes after (complete). */
export function hailuoTaskInfo(answer: Record<string, unknown>): TaskInfo | undefined {
  const resp = baseResp(answer);
  if (resp.status_code !== undefined && resp.status_code !== OK) {
    return {
      object: answer,
      status: 'FAILURE',
      progress: 100,
      reason: String(resp.status_msg || 'task failed'),
    };
  }
  const known = STATUSES[String(answer.status)];
  if (!known) return undefined;
  const [status, progress] = known;
  return { object: answer, status, progress, ...(status === 'FAILURE' && { reason: 'task failed' }) };
}

/** A finished task's file address (GET /v1/files/retrieve); no address yet is no news, asked again next poll. */
async function withFileAddress(
  info: TaskInfo,
  ask: (path: string) => Promise<Record<string, unknown> | undefined>,
): Promise<TaskInfo | undefined> {
  if (info.status !== 'SUCCESS') return info;
  const fileId = info.object.file_id;
  if (typeof fileId !== 'string' && typeof fileId !== 'number') return undefined;
  const answer = await ask(`/v1/files/retrieve?file_id=${encodeURIComponent(String(fileId))}`);
  const url = asObject(answer?.file).download_url;
  if (!answer || baseResp(answer).status_code !== OK || typeof url !== 'string' || url === '')
    return undefined;
  return { ...info, url };
}

export const HAILUO = jsonTaskProvider({
  defaultSeconds: HAILUO_DEFAULT_SECONDS,
  action: (request) => (submittedImages(request).length > 0 ? 'generate' : 'textGenerate'),
  submitPath: () => '/v1/video_generation',
  pollPath: (id) => `/v1/query/video_generation?task_id=${encodeURIComponent(id)}`,
  authorization: (key) => `Bearer ${key}`,
  payload: hailuoPayload,
  submitted(status, json) {
    const resp = baseResp(json);
    if (status >= 200 && status < 300 && resp.status_code === OK)
      return typeof json.task_id === 'string' && json.task_id !== '' ? { id: json.task_id } : undefined;
    const message = typeof resp.status_msg === 'string' ? resp.status_msg : undefined;
    return { refused: { message, code: `minimax_${String(resp.status_code ?? status)}` } };
  },
  taskInfo: hailuoTaskInfo,
  complete: withFileAddress,
});
