import type { TaskInfo } from './task-info.ts';
import { asObject, jsonTaskProvider, submittedFields, submittedImages } from './json-task-vendor.ts';
import type { VideoRequest } from './video-request.ts';

/**
 * Doubao's Seedance through VolcEngine Ark (channel types 54 and 45), as new-api's doubao adaptor
 * speaks to it: POST /api/v3/contents/generations/tasks with the Ark API key as a Bearer token, the
 * task asked at GET /api/v3/contents/generations/tasks/{id}
 * (https://www.volcengine.com/docs/82379/1520757, https://www.volcengine.com/docs/82379/1521309).
 */

const TASKS_PATH = '/api/v3/contents/generations/tasks';

/** Seedance's duration when none is asked (its documented default, 5 s). */
const SEEDANCE_DEFAULT_SECONDS = 5;

/**
 * Seedance's request (new-api's convertToRequestPayload): the model, each image as an image_url
 * item, the caller's metadata (Ark's own fields: ratio, resolution, content…), the duration
 * charged for, and the prompt as the one text item.
 */
function seedancePayload(request: VideoRequest, upstreamModel: string, seconds: number) {
  const metadata = asObject(submittedFields(request).metadata);
  const images = submittedImages(request).map((url) => ({ type: 'image_url', image_url: { url } }));
  const own = Array.isArray(metadata.content) ? (metadata.content as unknown[]) : images;
  const content = own.filter((item) => asObject(item).type !== 'text');
  return {
    ...metadata,
    model: upstreamModel,
    duration: seconds,
    content: [...content, { type: 'text', text: request.prompt }],
  };
}

/** Ark's task statuses as the table's, with new-api's progress. */
const STATUSES: Record<string, [string, number]> = {
  pending: ['QUEUED', 10],
  queued: ['QUEUED', 10],
  processing: ['IN_PROGRESS', 50],
  running: ['IN_PROGRESS', 50],
  succeeded: ['SUCCESS', 100],
  failed: ['FAILURE', 100],
  // Ark's own ends besides failure: cancelled while queued, and expired.
  cancelled: ['FAILURE', 100],
  expired: ['FAILURE', 100],
};

/** An Ark task in the table's terms (new-api's ParseTaskResult; an unknown status is in progress). */
export function seedanceTaskInfo(answer: Record<string, unknown>): TaskInfo | undefined {
  if (typeof answer.status !== 'string') return undefined;
  const [status, progress] = STATUSES[answer.status] ?? ['IN_PROGRESS', 30];
  const url = asObject(answer.content).video_url;
  const error = asObject(answer.error);
  return {
    object: answer,
    status,
    progress,
    ...(status === 'SUCCESS' && typeof url === 'string' && url !== '' && { url }),
    ...(status === 'FAILURE' && { reason: String(error.message || `task ${answer.status}`) }),
  };
}

export const SEEDANCE = jsonTaskProvider({
  defaultSeconds: SEEDANCE_DEFAULT_SECONDS,
  action: () => 'generate',
  submitPath: () => TASKS_PATH,
  pollPath: (id) => `${TASKS_PATH}/${encodeURIComponent(id)}`,
  authorization: (key) => `Bearer ${key}`,
  payload: seedancePayload,
  submitted(status, json) {
    if (status >= 200 && status < 300)
      return typeof json.id === 'string' && json.id !== '' ? { id: json.id } : undefined;
    const error = asObject(json.error);
    const message = typeof error.message === 'string' ? error.message : undefined;
    return { refused: { message, code: typeof error.code === 'string' ? error.code : 'ark_error' } };
  },
  taskInfo: seedanceTaskInfo,
});
