import { callSora } from './sora-upstream.ts';
import { readJsonAnswer } from './upstream-answer.ts';
import type { FetchTask, TaskInfo } from './task-info.ts';
import { taskStatus } from './video-object.ts';

/** A Sora task object in the table's terms (new-api's ParseTaskResult for Sora). */
export function soraTaskInfo(object: Record<string, unknown>): TaskInfo {
  const status = taskStatus(object.status);
  const error = (object.error ?? {}) as Record<string, unknown>;
  const seconds = Number(object.seconds);
  return {
    object,
    ...(status && { status }),
    ...(typeof object.progress === 'number' && { progress: object.progress }),
    ...(status === 'FAILURE' && {
      reason: typeof error.message === 'string' && error.message !== '' ? error.message : 'task failed',
    }),
    ...(Number.isInteger(seconds) && seconds > 0 && { seconds }),
  };
}

/** How long asking about one task may take (new-api's 15 s). */
const FETCH_TIMEOUT_MS = 15_000;

/** GET /v1/videos/{id} of an OpenAI-type channel; an answer that is not a task object is no news. */
export const fetchSoraTask: FetchTask = async (upstream, channel, { data }, signal) => {
  const response = await callSora(upstream, channel, {
    method: 'GET',
    path: `/v1/videos/${encodeURIComponent(data.upstream_task_id)}`,
    signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
  });
  const { status, json } = await readJsonAnswer(response);
  if (status !== 200 || !json) return undefined;
  return soraTaskInfo(json);
};
