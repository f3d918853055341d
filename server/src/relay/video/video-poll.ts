import pLimit from 'p-limit';
import { completeTaskWithSettlement } from '../../store/task-completion.ts';
import { failTaskWithRefund } from '../../store/task-money.ts';
import { unfinishedTasks, updateUnfinishedTask, type TaskRow } from '../../store/video-tasks.ts';
import { taskRefundLog } from '../tasks/task-log.ts';
import type { PollContext, TaskPlatform } from '../tasks/task-poller.ts';
import type { TaskInfo } from './task-info.ts';
import { VIDEO_PLATFORMS } from './video-channels.ts';
import { channelWithTaskKey } from './video-key.ts';
import { durationDifferenceLog } from './video-log.ts';
import { quotaForFinalSeconds } from './video-price.ts';
import { providerFor } from './video-providers.ts';
import { privateDataOf, type VideoPrivateData } from './video-task-data.ts';

/** Tasks asked about at the same time. */
const TASKS_AT_ONCE = 8;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** What every finished task's row says: done, and when. */
const ended = () => ({ progress: '100%', finish_time: nowSeconds(), updated_at: nowSeconds() });

/** Fails a task and refunds its charge, once (store/task-money.ts). */
function fail(context: PollContext, row: TaskRow, data: VideoPrivateData, reason: string, object?: object) {
  return failTaskWithRefund(context.app.store, {
    table: 'tasks',
    id: row.id,
    tokenId: data.token_id,
    update: {
      ...ended(),
      fail_reason: reason,
      ...(object && { data: JSON.stringify(object) }),
    },
    refundLog: () =>
      taskRefundLog({
        userId: Number(row.user_id),
        tokenId: data.token_id,
        channelId: Number(row.channel_id),
        model: data.model,
        taskId: row.task_id,
        reason,
      }),
  });
}

/**
 * A finished video: SUCCESS with its result address (the upstream's where it gives one, Kling's;
 * else our content route), and the difference settled once when its final duration is not the
 * one charged (store/task-completion.ts). As new-api's, the address is also written to
 * fail_reason, where its console shows a task's result.
 */
function complete(context: PollContext, row: TaskRow, data: VideoPrivateData, info: TaskInfo) {
  const serverAddress = context.app.settings.get('ServerAddress').replace(/\/+$/, '');
  const url = info.url ?? `${serverAddress}/v1/videos/${row.task_id}/content`;
  const finalSeconds = info.seconds ?? data.seconds;
  return completeTaskWithSettlement(context.app.store, {
    id: row.id,
    tokenId: data.token_id,
    update: {
      ...ended(),
      fail_reason: url,
      data: JSON.stringify(info.object),
      private_data: JSON.stringify({ ...data, result_url: url, ...(info.url && { upstream_url: info.url }) }),
    },
    finalQuota: (charged) => quotaForFinalSeconds(charged, data.seconds, finalSeconds),
    differenceLog: (difference) => durationDifferenceLog(row, data, finalSeconds, difference),
  });
}

/** Applies what the upstream said of one task: progress, or its end with its money. */
async function apply(context: PollContext, row: TaskRow, data: VideoPrivateData, info: TaskInfo) {
  if (info.status === 'FAILURE') return fail(context, row, data, info.reason || 'task failed', info.object);
  if (info.status === 'SUCCESS') return complete(context, row, data, info);
  const progress = info.progress ?? Number.parseInt(row.progress, 10);
  await updateUnfinishedTask(context.app.store.db, row.id, {
    ...(info.status && { status: info.status }),
    ...(info.status === 'IN_PROGRESS' && !Number(row.start_time) && { start_time: nowSeconds() }),
    progress: `${Number.isFinite(progress) ? progress : 0}%`,
    data: JSON.stringify(info.object),
    updated_at: nowSeconds(),
  });
}

async function pollTask(context: PollContext, row: TaskRow, data: VideoPrivateData, signal: AbortSignal) {
  const channel = context.app.channels.get(Number(row.channel_id));
  const fetchTask = channel && providerFor(channel.type)?.fetchTask;
  // A channel gone or off is asked again next poll; its tasks end at the latest by the timeout.
  if (!channel || !fetchTask) return;
  const keyed = channelWithTaskKey(channel, data.key_digest);
  const info = await fetchTask(context.upstream, keyed, { data, action: row.action }, signal);
  if (info) await apply(context, row, data, info);
}

/** The video platform of the poller, and a way to wait for the questions a poll left running. */
export interface VideoPlatform extends TaskPlatform {
  /** Resolves once every question asked so far has been answered and applied (or given up). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Videos (rows of `tasks` on a video platform): every poll reads up to TASK_QUERY_LIMIT unfinished
 * ones; those older than TASK_TIMEOUT_MINUTES, or without an upstream id, are failed and refunded;
 * the rest are asked of their channels, a few at a time, each within 15 s, and updated: progress,
 * or failure refunded once, or success with its duration settled once. A poll does not wait for
 * the answers: a task still being asked about is skipped, so a slow or silent channel delays no
 * other task's next poll.
 */
export function videoPlatform(): VideoPlatform {
  const stopping = new AbortController();
  const limit = pLimit(TASKS_AT_ONCE);
  const asking = new Map<number, Promise<void>>();
  return {
    name: 'video',
    async poll(context) {
      const rows = await unfinishedTasks(context.app.store.db, VIDEO_PLATFORMS, context.limit);
      for (const row of rows) {
        const data = privateDataOf(row);
        if (Number(row.submit_time) * 1000 < context.timedOutBefore)
          await fail(context, row, data, 'task timed out');
        else if (data.upstream_task_id === '')
          await fail(context, row, data, 'the upstream gave the task no id');
        else if (!asking.has(row.id)) {
          const asked = limit(() => pollTask(context, row, data, stopping.signal))
            .catch((error: unknown) =>
              context.app.log.warn({ err: error, taskId: row.task_id }, 'polling a video task failed'),
            )
            .finally(() => asking.delete(row.id));
          asking.set(row.id, asked);
        }
      }
    },
    async idle() {
      await Promise.all(asking.values());
    },
    async stop() {
      stopping.abort();
      await Promise.all(asking.values());
    },
  };
}
