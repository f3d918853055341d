/** The retention job: deletes rows past their age in the background, on one process at a time. */
import type { OptionsCache } from '../cache/options-cache.ts';
import type { OpsSettings } from '../config.ts';
import type { Store } from '../store/db.ts';
import { releaseJobLease, takeJobLease } from '../store/job-leases.ts';
import { deleteOldBatch, type RetentionTargetName } from '../store/retention.ts';
import { startPeriodic } from './periodic.ts';

/** The name of the retention job's lease in job_leases. */
export const RETENTION_JOB = 'retention';

/** Each rule: the option holding its age in days, and what it deletes. */
const RULES: Array<{ option: string; targets: RetentionTargetName[] }> = [
  { option: 'LogRetentionDays', targets: ['logs'] },
  { option: 'QuotaDataRetentionDays', targets: ['quotaData'] },
  { option: 'TaskRetentionDays', targets: ['tasks', 'midjourneys'] },
];

const DAY_SECONDS = 86_400;
/** The lease outlives a run's pause between renewals many times over. */
const LEASE_SECONDS = 600;

/** Rows deleted by one run, per target. */
export type RetentionReport = Partial<Record<RetentionTargetName, number>>;

export interface RetentionJob {
  /** One run now, if this process holds (or can take) the lease; undefined when it did not run. */
  runOnce(): Promise<RetentionReport | undefined>;
  stop(): Promise<void>;
}

export interface RetentionDeps {
  store: Store;
  settings: OptionsCache;
  ops: OpsSettings;
  /** This process's name in the lease (unique per process). */
  holder: string;
  onError: (error: unknown) => void;
  onDeleted: (report: RetentionReport) => void;
}

/**
 * Deletes rows past their age (LogRetentionDays, QuotaDataRetentionDays, TaskRetentionDays; 0 keeps
 * them, the default) every RETENTION_INTERVAL_SECONDS, on one process of the cluster at a time (a
 * lease in job_leases), in batches of RETENTION_BATCH_SIZE rows, one statement each, yielding between
 * them: the relay's writes never wait for more than one batch.
 */
export function startRetention(deps: RetentionDeps): RetentionJob {
  const { store, settings, ops, holder } = deps;
  let stopping = false;
  let held = false;
  let leaseRenewedAt = 0;

  const keepLease = async (): Promise<boolean> => {
    const now = Math.floor(Date.now() / 1000);
    if (held && now - leaseRenewedAt < LEASE_SECONDS / 4) return true;
    held = await takeJobLease(store, RETENTION_JOB, holder, now, now + LEASE_SECONDS);
    leaseRenewedAt = now;
    return held;
  };

  const purge = async (target: RetentionTargetName, before: number): Promise<number> => {
    let deleted = 0;
    while (!stopping && (await keepLease())) {
      const count = await deleteOldBatch(store, target, before, ops.retentionBatchSize);
      deleted += count;
      if (count < ops.retentionBatchSize) break;
      // Let the relay's queries (and, on SQLite, its writes) go between two batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return deleted;
  };

  const runOnce = async (): Promise<RetentionReport | undefined> => {
    const due = RULES.filter((rule) => settings.number(rule.option) > 0);
    if (due.length === 0 || !(await keepLease())) return undefined;
    const report: RetentionReport = {};
    const now = Math.floor(Date.now() / 1000);
    for (const rule of due) {
      const before = now - settings.number(rule.option) * DAY_SECONDS;
      for (const target of rule.targets) report[target] = await purge(target, before);
    }
    if (Object.values(report).some((count) => count > 0)) deps.onDeleted(report);
    return report;
  };

  const job = startPeriodic(runOnce, ops.retentionIntervalMs, deps.onError);
  return {
    runOnce,
    async stop() {
      stopping = true;
      await job.stop();
      if (held) await releaseJobLease(store, RETENTION_JOB, holder).catch(() => {});
    },
  };
}
