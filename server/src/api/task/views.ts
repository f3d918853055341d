import type { MidjourneyView, TaskView } from '@relaygate/contract';
import type { Selectable } from 'kysely';
import type { MidjourneysTable, TasksTable } from '../../store/schema.ts';

const num = (value: unknown) => Number(value ?? 0);

/** A drawing row as the console reads it; the channel only for admins; the image where it is shown (the forward option). */
export function toMidjourneyView(
  row: Selectable<MidjourneysTable>,
  admin: boolean,
  imageUrl: (row: Selectable<MidjourneysTable>) => string = (r) => r.image_url ?? '',
): MidjourneyView {
  return {
    id: num(row.id),
    user_id: num(row.user_id),
    code: num(row.code),
    action: row.action,
    mj_id: row.mj_id,
    prompt: row.prompt ?? '',
    prompt_en: row.prompt_en ?? '',
    description: row.description ?? '',
    submit_time: num(row.submit_time),
    start_time: num(row.start_time),
    finish_time: num(row.finish_time),
    image_url: imageUrl(row),
    video_url: row.video_url ?? '',
    status: row.status,
    progress: row.progress,
    fail_reason: row.fail_reason ?? '',
    channel_id: admin ? num(row.channel_id) : 0,
    quota: num(row.quota),
  };
}

/** A task row as the console reads it: never its private data (it may hold upstream keys). */
export function toTaskView(row: Selectable<TasksTable>, admin: boolean): TaskView {
  return {
    id: num(row.id),
    user_id: num(row.user_id),
    created_at: num(row.created_at),
    task_id: row.task_id,
    platform: row.platform,
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    submit_time: num(row.submit_time),
    start_time: num(row.start_time),
    finish_time: num(row.finish_time),
    progress: row.progress,
    channel_id: admin ? num(row.channel_id) : 0,
    quota: num(row.quota),
  };
}
