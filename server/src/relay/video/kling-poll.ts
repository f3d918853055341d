import { callKling, klingPath } from './kling-upstream.ts';
import type { FetchTask, TaskInfo } from './task-info.ts';
import { readJsonAnswer } from './upstream-answer.ts';

/** How long asking about one task may take (new-api's 15 s). */
const FETCH_TIMEOUT_MS = 15_000;

/** Kling's task statuses as the table's. */
const STATUSES: Record<string, string> = {
  submitted: 'SUBMITTED',
  processing: 'IN_PROGRESS',
  succeed: 'SUCCESS',
  failed: 'FAILURE',
};

/** A Kling answer about a task in the table's terms (new-api's ParseTaskResult for Kling). */
export function klingTaskInfo(answer: Record<string, unknown>): TaskInfo {
  const data = (answer.data ?? {}) as Record<string, unknown>;
  const status = STATUSES[String(data.task_status)];
  const result = (data.task_result ?? {}) as { videos?: Array<{ url?: unknown; duration?: unknown }> };
  const video = Array.isArray(result.videos) ? result.videos[0] : undefined;
  const seconds = Math.round(Number(video?.duration));
  return {
    object: answer,
    ...(status && { status }),
    ...(status === 'FAILURE' && { reason: String(data.task_status_msg || 'task failed') }),
    ...(typeof video?.url === 'string' && video.url !== '' && { url: video.url }),
    ...(seconds > 0 && { seconds }),
  };
}

/** GET /v1/videos/{text2video|image2video}/{id} of a Kling channel; an answer not about the task is no news. */
export const fetchKlingTask: FetchTask = async (upstream, channel, { data, action }, signal) => {
  const response = await callKling(upstream, channel, {
    method: 'GET',
    path: `${klingPath(action)}/${encodeURIComponent(data.upstream_task_id)}`,
    signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
  });
  const { status, json } = await readJsonAnswer(response);
  if (status !== 200 || !json || json.code !== 0) return undefined;
  return klingTaskInfo(json);
};
