import type { TaskRow } from '../../store/video-tasks.ts';
import type { VideoPrivateData } from './video-task-data.ts';

/** The task statuses of new-api's tasks table, as OpenAI's video statuses. */
export function videoStatus(status: string): 'queued' | 'in_progress' | 'completed' | 'failed' {
  switch (status) {
    case 'IN_PROGRESS':
      return 'in_progress';
    case 'SUCCESS':
      return 'completed';
    case 'FAILURE':
      return 'failed';
    default:
      return 'queued';
  }
}

/** OpenAI's video statuses (and the older pending/processing/cancelled) as the table's. */
export function taskStatus(status: unknown): 'QUEUED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' | undefined {
  switch (status) {
    case 'queued':
    case 'pending':
      return 'QUEUED';
    case 'in_progress':
    case 'processing':
      return 'IN_PROGRESS';
    case 'completed':
      return 'SUCCESS';
    case 'failed':
    case 'cancelled':
      return 'FAILURE';
    default:
      return undefined;
  }
}

const percent = (progress: string): number => {
  const value = Number.parseInt(progress, 10);
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
};

/** The upstream's last object when it is OpenAI's video object (Sora's); another upstream's is not shown. */
function upstreamVideo(row: TaskRow): Record<string, unknown> {
  try {
    const value = JSON.parse(row.data ?? '{}') as Record<string, unknown> | null;
    return value?.object === 'video' ? value : {};
  } catch {
    return {};
  }
}

/**
 * A task as OpenAI's video object, answered by every video route: the upstream's last object as
 * the poll saw it, with our public id (also as task_id, as new-api answers), the status, progress
 * and error as the gateway knows them, and the caller's model name; nothing of the upstream's ids.
 */
export function videoObject(row: TaskRow, data: VideoPrivateData): Record<string, unknown> {
  const upstream = upstreamVideo(row);
  const status = videoStatus(row.status);
  const video: Record<string, unknown> = {
    seconds: String(data.seconds),
    ...(data.size && { size: data.size }),
    ...upstream,
    id: row.task_id,
    task_id: row.task_id,
    object: 'video',
    model: data.model,
    status,
    progress: status === 'completed' ? 100 : percent(row.progress),
    created_at: Number(row.submit_time),
    completed_at: status === 'completed' ? Number(row.finish_time) || null : null,
  };
  // Another upstream's result (Kling's) is named as new-api names it.
  if (data.upstream_url && status === 'completed') video.metadata = { url: data.upstream_url };
  // The upstream's ids stay private: a remix names the task it came from by our id.
  if (data.remixed_from) video.remixed_from_video_id = data.remixed_from;
  else delete video.remixed_from_video_id;
  if (status === 'failed') {
    video.error = { message: row.fail_reason || 'task failed', code: 'task_failed' };
  } else delete video.error;
  return video;
}
