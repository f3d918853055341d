import pLimit from 'p-limit';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { PollContext } from './task-poller.ts';

/** Channels asked at the same time. */
const CHANNELS_AT_ONCE = 8;

/** One poll's unfinished tasks of a platform, and how to read and fail them. */
export interface UnfinishedTasks<Row> {
  rows: Row[];
  /** When the task was submitted, in unix ms. */
  submittedMs(row: Row): number;
  /** The upstream's id of the task ('' when it gave none). */
  externalId(row: Row): string;
  channelId(row: Row): number;
  /** Fails the task and refunds its charge, once (store/task-money.ts). */
  fail(row: Row, reason: string): Promise<unknown>;
}

/** Asks one channel about its unfinished tasks and applies the answers. */
export type AskChannel<Row> = (channel: RoutableChannel, rows: Row[], signal: AbortSignal) => Promise<void>;

export interface ChannelPolls<Row> {
  poll(context: PollContext, tasks: UnfinishedTasks<Row>, ask: AskChannel<Row>): Promise<void>;
  /** Cuts the questions still running short and waits for them. */
  stop(): Promise<void>;
}

/**
 * The polling of one platform's unfinished tasks, channel by channel: tasks older than
 * TASK_TIMEOUT_MINUTES, or without an upstream id, are failed and refunded; the rest are asked of
 * their channels, one question per channel, a few channels at a time. A poll does not wait for the
 * answers: a channel still answering its last question is skipped, so a slow or silent channel
 * delays no other channel's next poll. A channel that cannot be asked now (gone from the cache) is
 * asked again next poll; its tasks end at the latest by the timeout.
 */
export function channelPolls<Row>(what: string): ChannelPolls<Row> {
  const asking = new Map<number, Promise<void>>();
  const stopping = new AbortController();
  const limit = pLimit(CHANNELS_AT_ONCE);
  return {
    async poll(context, tasks, ask) {
      const live: Row[] = [];
      for (const row of tasks.rows) {
        if (tasks.submittedMs(row) < context.timedOutBefore) await tasks.fail(row, 'task timed out');
        else if (tasks.externalId(row) === '') await tasks.fail(row, 'the upstream gave the task no id');
        else live.push(row);
      }
      for (const [channelId, rows] of Map.groupBy(live, (row) => tasks.channelId(row))) {
        const channel = context.app.channels.get(channelId);
        if (!channel || asking.has(channelId)) continue;
        const asked = limit(() => ask(channel, rows, stopping.signal))
          .catch((error: unknown) =>
            context.app.log.warn({ err: error, channelId }, `polling a channel for its ${what} failed`),
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
