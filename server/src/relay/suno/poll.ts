import type { Updateable } from 'kysely';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import {
  privateDataOf,
  unfinishedTasks,
  updateUnfinishedTask,
  type TaskRow,
} from '../../store/platform-tasks.ts';
import type { TasksTable } from '../../store/schema.ts';
import { failTaskWithRefund } from '../../store/task-money.ts';
import { nowSeconds } from '../../store/users.ts';
import { asObjects, asString } from '../formats/json-read.ts';
import { channelPolls } from '../tasks/channel-polls.ts';
import { taskRefundLog } from '../tasks/task-log.ts';
import type { PollContext, TaskPlatform } from '../tasks/task-poller.ts';
import { SUNO_PLATFORM } from './channels.ts';
import { callSuno } from './suno-upstream.ts';
import { modelOfSunoAction } from './submission.ts';
import { readSunoAnswer, SUNO_SUCCESS } from './wire.ts';

/** How long one channel's task fetch may take (new-api's 15 s). */
const FETCH_TIMEOUT_MS = 15_000;

/** new-api's task statuses; anything else an upstream says is UNKNOWN. */
const STATUSES: ReadonlySet<string> = new Set([
  'NOT_START',
  'SUBMITTED',
  'QUEUED',
  'IN_PROGRESS',
  'FAILURE',
  'SUCCESS',
  'UNKNOWN',
]);

/** The progress column holds at most this (varchar(20)). */
const PROGRESS_CHARS = 20;

/** Fails a task and refunds its charge, once (store/task-money.ts). */
function fail(context: PollContext, row: TaskRow, reason: string, update: Updateable<TasksTable> = {}) {
  const now = nowSeconds();
  const tokenId = privateDataOf(row).token_id ?? 0;
  return failTaskWithRefund(context.app.store, {
    table: 'tasks',
    id: Number(row.id),
    tokenId,
    update: {
      updated_at: now,
      ...update,
      progress: '100%',
      finish_time: Number(update.finish_time) || now,
      fail_reason: reason,
    },
    refundLog: () =>
      taskRefundLog({
        userId: Number(row.user_id),
        tokenId,
        channelId: Number(row.channel_id),
        model: modelOfSunoAction(row.action),
        taskId: row.task_id,
        reason,
      }),
  });
}

const seconds = (value: unknown, otherwise: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : otherwise;

/**
 * What a task of the upstream's /suno/fetch says, as the row's columns (new-api's rules): a status,
 * reason or time it gives replaces the row's, its data replaces the row's data; a finished task is
 * at 100%.
 */
export function sunoRowUpdate(row: TaskRow, item: Record<string, unknown>): Updateable<TasksTable> {
  const said = asString(item.status);
  const status = said === '' ? row.status : STATUSES.has(said) ? said : 'UNKNOWN';
  const finished = status === 'SUCCESS' || status === 'FAILURE';
  const progress = finished ? '100%' : asString(item.progress).slice(0, PROGRESS_CHARS) || row.progress;
  const now = nowSeconds();
  return {
    status,
    progress,
    fail_reason: asString(item.fail_reason) || (row.fail_reason ?? ''),
    start_time: seconds(item.start_time, Number(row.start_time)),
    finish_time: seconds(item.finish_time, finished ? now : Number(row.finish_time)),
    ...(item.data != null && { data: JSON.stringify(item.data) }),
    updated_at: now,
  };
}

/** Applies one task the channel answered: progress, or failure with its refund. */
async function apply(context: PollContext, row: TaskRow, item: Record<string, unknown>): Promise<void> {
  const update = sunoRowUpdate(row, item);
  // As new-api: a task the upstream gives a failure reason has failed, whatever its status says.
  if (update.status === 'FAILURE' || asString(item.fail_reason) !== '') {
    await fail(context, row, String(update.fail_reason || 'the upstream task failed'), update);
    return;
  }
  await updateUnfinishedTask(context.app.store.db, Number(row.id), update);
}

/**
 * Asks one channel about its unfinished tasks, in one /suno/fetch, and applies the answers. Safe to
 * run twice at once on the same rows (two nodes, a repeated poll): a task fails and is refunded once.
 */
export async function pollSunoChannel(
  context: PollContext,
  channel: RoutableChannel,
  rows: TaskRow[],
  signal: AbortSignal,
) {
  const { status, text } = await callSuno(context.upstream, channel, {
    path: '/suno/fetch',
    body: { ids: [...new Set(rows.map((row) => row.task_id))] },
    timeoutMs: FETCH_TIMEOUT_MS,
    signal,
  });
  if (status !== 200) throw new Error(`channel ${channel.id} answered the task fetch with HTTP ${status}`);
  const answer = readSunoAnswer(text);
  if (answer?.code !== SUNO_SUCCESS || !Array.isArray(answer.data))
    throw new Error(`channel ${channel.id} answered the task fetch with no task list`);
  const byId = Map.groupBy(rows, (row) => row.task_id);
  for (const item of asObjects(answer.data)) {
    for (const row of byId.get(asString(item.task_id)) ?? []) await apply(context, row, item);
  }
}

/**
 * Music (the tasks table, platform suno): every poll reads up to TASK_QUERY_LIMIT unfinished Suno
 * tasks and asks their channels, one /suno/fetch per channel with the tasks' ids, through the task
 * engine's channel polls (tasks/channel-polls.ts: timed-out tasks refunded, slow channels skipped).
 */
export function sunoPlatform(): TaskPlatform {
  const polls = channelPolls<TaskRow>('music tasks');
  return {
    name: SUNO_PLATFORM,
    async poll(context) {
      const rows = await unfinishedTasks(context.app.store.db, SUNO_PLATFORM, context.limit);
      const tasks = {
        rows,
        submittedMs: (row: TaskRow) => Number(row.submit_time) * 1000,
        externalId: (row: TaskRow) => row.task_id,
        channelId: (row: TaskRow) => Number(row.channel_id),
        fail: (row: TaskRow, reason: string) => fail(context, row, reason),
      };
      await polls.poll(context, tasks, (channel, asked, signal) =>
        pollSunoChannel(context, channel, asked, signal),
      );
    },
    stop: () => polls.stop(),
  };
}
