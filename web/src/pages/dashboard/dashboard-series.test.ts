import type { QuotaDataItem } from '@relaygate/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { bucketStart, buildSeries, defaultRange, granularityOf } from './dashboard-series.ts';

const at = (text: string) => dayjs(text).unix();
const row = (time: string, model: string, count: number, quota: number): QuotaDataItem => ({
  user_id: 1,
  username: 'alice',
  model_name: model,
  created_at: at(time),
  count,
  quota,
  token_used: count * 10,
});

describe('bucketStart', () => {
  it('floors to the hour, the day, or the Monday of the week', () => {
    const wednesday = at('2025-01-15 13:45:10');
    expect(bucketStart(wednesday, 'hour')).toBe(at('2025-01-15 13:00:00'));
    expect(bucketStart(wednesday, 'day')).toBe(at('2025-01-15 00:00:00'));
    expect(bucketStart(wednesday, 'week')).toBe(at('2025-01-13 00:00:00'));
    expect(bucketStart(at('2025-01-19 23:00:00'), 'week')).toBe(at('2025-01-13 00:00:00')); // a Sunday
    expect(bucketStart(at('2025-01-20 00:00:00'), 'week')).toBe(at('2025-01-20 00:00:00'));
  });
});

describe('granularityOf and defaultRange', () => {
  it('reads DataExportDefaultTime, hour when unknown; the range is the last 3 days', () => {
    expect(granularityOf('week')).toBe('week');
    expect(granularityOf('month')).toBe('hour');
    expect(granularityOf(undefined)).toBe('hour');
    const now = dayjs('2025-01-15 12:00:00');
    const [start, end] = defaultRange(now);
    expect(end.unix() - start.unix()).toBe(3 * 86_400);
  });
});

describe('buildSeries', () => {
  const rows = [
    row('2025-01-15 10:00:00', 'gpt-4o', 2, 100),
    row('2025-01-15 11:00:00', 'gpt-4o', 1, 50),
    row('2025-01-15 11:00:00', 'claude', 3, 300),
    row('2025-01-16 09:00:00', 'claude', 1, 10),
  ];

  it('keeps hours apart, stacks quota by model (largest first) and counts calls per bucket', () => {
    const series = buildSeries(rows, 'hour');
    expect(series.buckets).toEqual([at('2025-01-15 10:00'), at('2025-01-15 11:00'), at('2025-01-16 09:00')]);
    expect(series.models).toEqual(['claude', 'gpt-4o']);
    expect(series.quotaByModel).toEqual({ claude: [0, 300, 10], 'gpt-4o': [100, 50, 0] });
    expect(series.calls).toEqual([2, 4, 1]);
    expect(series.share).toEqual([
      { name: 'claude', value: 310 },
      { name: 'gpt-4o', value: 150 },
    ]);
    expect(series.totals).toEqual({ count: 7, quota: 460, tokens: 70 });
  });

  it('sums hours into days and weeks without changing the totals', () => {
    const days = buildSeries(rows, 'day');
    expect(days.buckets).toEqual([at('2025-01-15'), at('2025-01-16')]);
    expect(days.calls).toEqual([6, 1]);
    expect(days.quotaByModel.claude).toEqual([300, 10]);
    const weeks = buildSeries(rows, 'week');
    expect(weeks.buckets).toEqual([at('2025-01-13')]);
    expect(weeks.calls).toEqual([7]);
    expect(weeks.totals).toEqual(days.totals);
  });

  it('answers empty series for no rows', () => {
    expect(buildSeries([], 'day')).toMatchObject({ buckets: [], models: [], calls: [], share: [] });
  });
});
