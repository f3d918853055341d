import type { TaskView } from '@relaygate/contract';
import { parseJson } from '../formats/json-read.ts';
import type { TaskRow } from '../../store/platform-tasks.ts';

/** A Suno task as new-api's /suno/fetch answers it (TaskModel2Dto): never its private data. */
export interface SunoTaskView extends TaskView {
  updated_at: number;
  group: string;
  properties: unknown;
  /** What the upstream last said of the task (the clips, the lyrics), as it said it. */
  data: unknown;
}

export function sunoTaskView(row: TaskRow): SunoTaskView {
  return {
    id: Number(row.id),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    task_id: row.task_id,
    platform: row.platform,
    user_id: Number(row.user_id),
    group: row.group,
    channel_id: Number(row.channel_id),
    quota: Number(row.quota),
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
    properties: parseJson(row.properties ?? '') ?? {},
    data: parseJson(row.data ?? '') ?? null,
  };
}
