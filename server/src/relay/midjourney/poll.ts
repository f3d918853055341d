import type { Updateable } from 'kysely';
import pLimit from 'p-limit';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import {
  unfinishedMidjourneys,
  updateUnfinishedMidjourney,
  type MidjourneyRow,
} from '../../store/midjourney-queries.ts';
import type { MidjourneysTable } from '../../store/schema.ts';
import { failTaskWithRefund } from '../../store/task-money.ts';
import { taskRefundLog } from '../tasks/task-log.ts';
import type { PollContext, TaskPlatform } from '../tasks/task-poller.ts';
import { modelOfAction } from './actions.ts';
import { callMidjourney } from './mj-upstream.ts';
import { asObject, asString } from './wire.ts';

/** How long one channel's task list may take (new-api's 15 s). */
const LIST_TIMEOUT_MS = 15_000;
/** Channels asked at the same time. */
const CHANNELS_AT_ONCE = 8;

/** Fails a drawing and refunds its charge, once (store/task-money.ts). */
function fail(
  context: PollContext,
  row: MidjourneyRow,
  reason: string,
  update: Updateable<MidjourneysTable> = {},
) {
  return failTaskWithRefund(context.app.store, {
    table: 'midjourneys',
    id: row.id,
    tokenId: Number(row.token_id),
    update: { progress: '100%', finish_time: Date.now(), ...update, fail_reason: reason },
    refundLog: () =>
      taskRefundLog({
        userId: Number(row.user_id),
        tokenId: Number(row.token_id),
        channelId: Number(row.channel_id),
        model: modelOfAction(row.action),
        taskId: row.mj_id,
        reason,
      }),
  });
}

const json = (value: unknown): string | null =>
  value === undefined || value === null ? null : JSON.stringify(value);

/** What a task object of midjourney-proxy says, as the row's columns. */
function rowUpdate(item: Record<string, unknown>): Updateable<MidjourneysTable> {
  const videoUrls = Array.isArray(item.videoUrls) && item.videoUrls.length > 0 ? item.videoUrls : undefined;
  return {
    code: 1,
    progress: asString(item.progress),
    prompt_en: asString(item.promptEn),
    state: asString(item.state),
    start_time: Number(item.startTime) || 0,
    finish_time: Number(item.finishTime) || 0,
    image_url: asString(item.imageUrl),
    video_url: asString(item.videoUrl),
    video_urls: json(videoUrls) ?? '',
    status: asString(item.status),
    fail_reason: asString(item.failReason),
    ...(item.properties != null && { properties: json(item.properties) }),
    ...(item.buttons != null && { buttons: json(item.buttons) }),
  };
}

/** Applies one task object the channel answered: progress, or failure with its refund. */
async function apply(context: PollContext, row: MidjourneyRow, item: Record<string, unknown>): Promise<void> {
  const update = rowUpdate(item);
  const failed = update.status === 'FAILURE' || (update.progress !== '100%' && update.fail_reason !== '');
  if (failed) {
    await fail(context, row, String(update.fail_reason || 'the upstream task failed'), update);
    return;
  }
  await updateUnfinishedMidjourney(context.app.store.db, row.id, update);
}

/** Asks one channel about its unfinished drawings and applies the answers. */
async function pollChannel(
  context: PollContext,
  channel: RoutableChannel,
  rows: MidjourneyRow[],
  signal: AbortSignal,
) {
  const { status, text } = await callMidjourney(context.upstream, channel, {
    method: 'POST',
    path: '/mj/task/list-by-condition',
    body: { ids: [...new Set(rows.map((row) => row.mj_id))] },
    timeoutMs: LIST_TIMEOUT_MS,
    signal,
  });
  if (status !== 200) throw new Error(`channel ${channel.id} answered the task list with HTTP ${status}`);
  const items: unknown = JSON.parse(text);
  if (!Array.isArray(items)) throw new Error(`channel ${channel.id} answered the task list with no list`);
  // One upstream task may have several rows (a submission answered 21: the task exists already).
  const byId = Map.groupBy(rows, (row) => row.mj_id);
  for (const value of items) {
    const item = asObject(value);
    if (!item) continue;
    for (const row of byId.get(asString(item.id)) ?? []) await apply(context, row, item);
  }
}

/**
 * Drawings (the midjourneys table): every poll reads up to TASK_QUERY_LIMIT unfinished drawings;
 * those older than TASK_TIMEOUT_MINUTES, or without an upstream id, are failed and refunded; the
 * rest are asked of their channels, one task list per channel, a few channels at a time, and
 * updated. A poll does not wait for the channels' answers: a channel still answering its last
 * list is skipped, so a slow or silent channel (up to 15 s) delays no other channel's next poll.
 * A channel that cannot be asked now is asked again next poll; its tasks end at the latest by the
 * timeout.
 */
export function midjourneyPlatform(): TaskPlatform {
  const asking = new Map<number, Promise<void>>();
  const stopping = new AbortController();
  const limit = pLimit(CHANNELS_AT_ONCE);
  return {
    name: 'midjourney',
    async poll(context) {
      const rows = await unfinishedMidjourneys(context.app.store.db, context.limit);
      const live: MidjourneyRow[] = [];
      for (const row of rows) {
        if (Number(row.submit_time) < context.timedOutBefore) await fail(context, row, 'task timed out');
        else if (row.mj_id === '') await fail(context, row, 'the upstream gave the task no id');
        else live.push(row);
      }
      for (const [channelId, tasks] of Map.groupBy(live, (row) => Number(row.channel_id))) {
        const channel = context.app.channels.get(channelId);
        if (!channel || asking.has(channelId)) continue;
        const asked = limit(() => pollChannel(context, channel, tasks, stopping.signal))
          .catch((error: unknown) =>
            context.app.log.warn({ err: error, channelId }, 'polling a channel for its drawings failed'),
          )
          .finally(() => asking.delete(channelId));
        asking.set(channelId, asked);
      }
    },
    async stop() {
      stopping.abort();
      await Promise.all(asking.values());
    },
  };
}
