import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../jobs/scheduler.ts';
import type { UpstreamClient } from '../routing/upstream-client.ts';

/** The name of the poller's lease in job_leases. */
export const TASK_POLL_JOB = 'task-poll';

/** What a platform's poll may use. */
export interface PollContext {
  app: FastifyInstance;
  upstream: UpstreamClient;
  /** Unfinished tasks read per poll (TASK_QUERY_LIMIT). */
  limit: number;
  /** A task submitted before this (unix ms) and still unfinished is failed and refunded. */
  timedOutBefore: number;
}

/** One kind of asynchronous task (drawings; later music and video): how its unfinished tasks are polled. */
export interface TaskPlatform {
  name: string;
  /** One poll; it may leave upstream questions running (see stop). */
  poll(context: PollContext): Promise<void>;
  /** Waits for what the polls left running, so the store can be closed after it. */
  stop?(): Promise<void>;
}

/**
 * Polls unfinished tasks every TASK_POLL_INTERVAL_SECONDS (new-api's 15 s) on exactly one node at a
 * time: a leased job of the scheduler (jobs/scheduler.ts) with a TASK_POLL_LEASE_SECONDS lease, so
 * a second node polls only once the holder has let its lease run out (it died, or lost the
 * database). Runs never overlap, never run on the request path, and a failed platform (the
 * database away, an upstream silent) is logged and the next run goes ahead. Off when UPDATE_TASK
 * is false.
 */
export function taskPollJob(
  app: FastifyInstance,
  upstream: UpstreamClient,
  platforms: TaskPlatform[],
): JobDefinition | undefined {
  const settings = app.config.tasks;
  if (!settings.enabled) return undefined;
  return {
    name: TASK_POLL_JOB,
    intervalMs: settings.intervalMs,
    scope: 'leased',
    leaseSeconds: Math.max(1, Math.ceil(settings.leaseMs / 1000)),
    async run() {
      const context = {
        app,
        upstream,
        limit: settings.queryLimit,
        timedOutBefore: Date.now() - settings.timeoutMs,
      };
      for (const platform of platforms) {
        try {
          await platform.poll(context);
        } catch (error) {
          app.log.warn({ err: error, platform: platform.name }, 'polling tasks failed; tried again next run');
        }
      }
    },
    stop: async () => {
      await Promise.all(platforms.map((platform) => platform.stop?.()));
    },
  };
}
