import type { QuotaDataItem } from '@relaygate/contract';
import dayjs, { type Dayjs } from 'dayjs';

export type Granularity = 'hour' | 'day' | 'week';
export const GRANULARITIES: Granularity[] = ['hour', 'day', 'week'];

/** DataExportDefaultTime as a granularity; anything else reads as hour (its default). */
export const granularityOf = (value: string | undefined): Granularity =>
  GRANULARITIES.includes(value as Granularity) ? (value as Granularity) : 'hour';

/** The dashboard's default time range (spec §9): the last 3 days up to now. */
export function defaultRange(now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [now.subtract(3, 'day'), now];
}

/** The start (unix seconds, local time) of the hour, day or week holding `seconds`; weeks start on Monday. */
export function bucketStart(seconds: number, granularity: Granularity): number {
  const time = dayjs.unix(seconds);
  if (granularity === 'week') {
    const daysSinceMonday = (time.day() + 6) % 7;
    return time.subtract(daysSinceMonday, 'day').startOf('day').unix();
  }
  return time.startOf(granularity).unix();
}

/** A bucket's label on the time axis. */
export function bucketLabel(start: number, granularity: Granularity): string {
  return dayjs.unix(start).format(granularity === 'hour' ? 'MM-DD HH:00' : 'YYYY-MM-DD');
}

export interface DashboardSeries {
  /** Bucket starts, oldest first. */
  buckets: number[];
  /** Models by quota spent, largest first. */
  models: string[];
  /** Per model, the quota of each bucket (aligned with `buckets`). */
  quotaByModel: Record<string, number[]>;
  /** Calls of each bucket. */
  calls: number[];
  /** Quota per model over the whole range, largest first. */
  share: { name: string; value: number }[];
  totals: { count: number; quota: number; tokens: number };
}

/** The dashboard's charts and totals from the hourly rows of /api/data, summed into buckets. */
export function buildSeries(rows: QuotaDataItem[], granularity: Granularity): DashboardSeries {
  const bucketSet = new Set<number>();
  const byModel = new Map<string, Map<number, number>>();
  const callsByBucket = new Map<number, number>();
  const modelQuota = new Map<string, number>();
  const totals = { count: 0, quota: 0, tokens: 0 };
  for (const row of rows) {
    const bucket = bucketStart(row.created_at, granularity);
    bucketSet.add(bucket);
    const perBucket = byModel.get(row.model_name) ?? new Map<number, number>();
    perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + row.quota);
    byModel.set(row.model_name, perBucket);
    callsByBucket.set(bucket, (callsByBucket.get(bucket) ?? 0) + row.count);
    modelQuota.set(row.model_name, (modelQuota.get(row.model_name) ?? 0) + row.quota);
    totals.count += row.count;
    totals.quota += row.quota;
    totals.tokens += row.token_used;
  }
  const buckets = [...bucketSet].sort((a, b) => a - b);
  const share = [...modelQuota]
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const models = share.map((entry) => entry.name);
  const quotaByModel = Object.fromEntries(
    models.map((model) => [model, buckets.map((bucket) => byModel.get(model)!.get(bucket) ?? 0)]),
  );
  return {
    buckets,
    models,
    quotaByModel,
    calls: buckets.map((bucket) => callsByBucket.get(bucket) ?? 0),
    share,
    totals,
  };
}
