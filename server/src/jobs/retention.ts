/** The retention job: deletes rows past their age in the background, on one process at a time. */
import type { OptionKey } from '@relaygate/contract';
import type { OptionsCache } from '../cache/options-cache.ts';
import type { OpsSettings } from '../config.ts';
import type { Store } from '../store/db.ts';
import { deleteOldBatch, type RetentionTargetName } from '../store/retention.ts';
import type { JobContext, JobDefinition } from './scheduler.ts';

/** The name of the retention job's lease in job_leases. */
export const RETENTION_JOB = 'retention';

/** Each rule: the option holding its age in days, and what it deletes. */
const RULES: Array<{ option: OptionKey; targets: RetentionTargetName[] }> = [
  { option: 'LogRetentionDays', targets: ['logs'] },
  { option: 'QuotaDataRetentionDays', targets: ['quotaData'] },
  { option: 'TaskRetentionDays', targets: ['tasks', 'midjourneys'] },
];

const DAY_SECONDS = 86_400;

/** Rows deleted by one run, per target. */
export type RetentionReport = Partial<Record<RetentionTargetName, number>>;

export interface RetentionJob {
  /** One run now, if this process holds (or can take) the lease; undefined when it did not run. */
  runOnce(): Promise<RetentionReport | undefined>;
}

export interface RetentionDeps {
  store: Store;
  settings: OptionsCache;
  ops: OpsSettings;
  onDeleted: (report: RetentionReport) => void;
}

/**
 * Deletes rows past their age (LogRetentionDays, QuotaDataRetentionDays, TaskRetentionDays; 0 keeps
 * them, the default) every RETENTION_INTERVAL_SECONDS, on one process of the cluster at a time (the
 * scheduler's lease), in batches of RETENTION_BATCH_SIZE rows, one statement each, yielding between
 * them: the relay's writes never wait for more than one batch. A run whose lease is lost stops
 * after its current batch.
 */
export function retentionJob(deps: RetentionDeps): JobDefinition {
  const { store, settings, ops } = deps;
  const dueRules = () => RULES.filter((rule) => settings.number(rule.option) > 0);

  const purge = async (context: JobContext, target: RetentionTargetName, before: number) => {
    let deleted = 0;
    while (!context.cancelled) {
      const count = await deleteOldBatch(store, target, before, ops.retentionBatchSize);
      deleted += count;
      if (count < ops.retentionBatchSize) break;
      // Let the relay's queries (and, on SQLite, its writes) go between two batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return deleted;
  };

  return {
    name: RETENTION_JOB,
    intervalMs: ops.retentionIntervalMs,
    scope: 'leased',
    due: () => dueRules().length > 0,
    async run(context): Promise<RetentionReport> {
      const report: RetentionReport = {};
      const now = Math.floor(Date.now() / 1000);
      for (const rule of dueRules()) {
        const before = now - settings.number(rule.option) * DAY_SECONDS;
        for (const target of rule.targets) report[target] = await purge(context, target, before);
      }
      if (Object.values(report).some((count) => count > 0)) deps.onDeleted(report);
      return report;
    },
  };
}
