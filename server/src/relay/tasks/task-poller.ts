import type { FastifyInstance } from 'fastify';
import { startPeriodic, type PeriodicJob } from '../../jobs/periodic.ts';
import { releaseJobLease, takeJobLease } from '../../store/job-leases.ts';
import type { UpstreamClient } from '../upstream-client.ts';

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

export interface TaskPoller {
  /** Runs one poll now if this node holds (or can take) the lease; answers whether it polled. */
  pollOnce(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * Polls unfinished tasks every TASK_POLL_INTERVAL_SECONDS (new-api's 15 s) on exactly one node at a
 * time: each run first takes or renews the lease in job_leases, so a second node polls only once
 * the holder has let its lease run out (it died, or lost the database). Runs never overlap, never
 * run on the request path, and a failed run (the database away, an upstream silent) is logged and
 * the next one goes ahead. Off when UPDATE_TASK is false.
 */
export function startTaskPoller(
  app: FastifyInstance,
  upstream: UpstreamClient,
  nodeId: string,
  platforms: TaskPlatform[],
): TaskPoller | undefined {
  const settings = app.config.tasks;
  if (!settings.enabled) return undefined;
  const leaseSeconds = Math.max(1, Math.ceil(settings.leaseMs / 1000));
  let held = false;

  const pollOnce = async (): Promise<boolean> => {
    const nowMs = Date.now();
    const now = Math.floor(nowMs / 1000);
    held = await takeJobLease(app.store, TASK_POLL_JOB, nodeId, now, now + leaseSeconds);
    if (!held) return false;
    const context = {
      app,
      upstream,
      limit: settings.queryLimit,
      timedOutBefore: nowMs - settings.timeoutMs,
    };
    for (const platform of platforms) {
      try {
        await platform.poll(context);
      } catch (error) {
        app.log.warn({ err: error, platform: platform.name }, 'polling tasks failed; tried again next run');
      }
    }
    return true;
  };

  const job: PeriodicJob = startPeriodic(pollOnce, settings.intervalMs, (error) =>
    app.log.warn({ err: error }, 'the task poller could not take its lease; tried again next run'),
  );
  return {
    pollOnce,
    async stop() {
      await job.stop();
      await Promise.all(platforms.map((platform) => platform.stop?.()));
      if (held) await releaseJobLease(app.store, TASK_POLL_JOB, nodeId).catch(() => {});
    },
  };
}
