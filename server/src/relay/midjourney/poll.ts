import type { Updateable } from 'kysely';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import {
  unfinishedMidjourneys,
  updateUnfinishedMidjourney,
  type MidjourneyRow,
} from '../../store/midjourney-queries.ts';
import type { MidjourneysTable } from '../../store/schema.ts';
import { failTaskWithRefund } from '../../store/task-money.ts';
import { channelPolls } from '../tasks/channel-polls.ts';
import { taskRefundLog } from '../tasks/task-log.ts';
import type { PollContext, TaskPlatform } from '../tasks/task-poller.ts';
import { modelOfAction } from './actions.ts';
import { callMidjourney } from './mj-upstream.ts';
import { asObject, asString } from './wire.ts';

/** How long one channel's task list may take (new-api's 15 s). */
const LIST_TIMEOUT_MS = 15_000;

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
 * Drawings (the midjourneys table): every poll reads up to TASK_QUERY_LIMIT unfinished drawings and
 * asks their channels, one task list per channel, through the task engine's channel polls
 * (tasks/channel-polls.ts: timed-out drawings refunded, slow channels skipped, not waited for).
 */
export function midjourneyPlatform(): TaskPlatform {
  const polls = channelPolls<MidjourneyRow>('drawings');
  return {
    name: 'midjourney',
    async poll(context) {
      const rows = await unfinishedMidjourneys(context.app.store.db, context.limit);
      const tasks = {
        rows,
        submittedMs: (row: MidjourneyRow) => Number(row.submit_time),
        externalId: (row: MidjourneyRow) => row.mj_id,
        channelId: (row: MidjourneyRow) => Number(row.channel_id),
        fail: (row: MidjourneyRow, reason: string) => fail(context, row, reason),
      };
      await polls.poll(context, tasks, (channel, asked, signal) =>
        pollChannel(context, channel, asked, signal),
      );
    },
    stop: () => polls.stop(),
  };
}
