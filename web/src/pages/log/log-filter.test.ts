import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  defaultLogFilter,
  defaultTimeRange,
  filterToQuery,
  isValidChannel,
  logEndpoints,
} from './log-filter.ts';

const now = dayjs('2026-03-04T15:30:00');

describe('default time range', () => {
  it('runs from today 00:00 to an hour from now', () => {
    const [start, end] = defaultTimeRange(now);
    expect(start.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-04 00:00:00');
    expect(end.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-04 16:30:00');
  });
});

describe('filterToQuery', () => {
  it('sends the time range and leaves out blanks and type 0 (all)', () => {
    const query = filterToQuery(defaultLogFilter(now), false);
    expect(query).toEqual({
      type: undefined,
      token_name: undefined,
      model_name: undefined,
      start_timestamp: now.startOf('day').unix(),
      end_timestamp: now.add(1, 'hour').unix(),
      group: undefined,
      channel: undefined,
      username: undefined,
    });
  });

  it('sends channel and username for admins only', () => {
    const values = {
      ...defaultLogFilter(now),
      type: 2,
      token_name: ' tok ',
      model_name: 'gpt-4o',
      group: 'vip',
      channel: '7',
      username: 'alice',
      time: null,
    };
    expect(filterToQuery(values, true)).toMatchObject({
      type: 2,
      token_name: 'tok',
      model_name: 'gpt-4o',
      group: 'vip',
      channel: '7',
      username: 'alice',
      start_timestamp: undefined,
    });
    expect(filterToQuery(values, false)).toMatchObject({ channel: undefined, username: undefined });
  });

  it('checks the channel id and picks the endpoints of the scope', () => {
    expect(isValidChannel('')).toBe(true);
    expect(isValidChannel('12')).toBe(true);
    expect(isValidChannel('x1')).toBe(false);
    expect(logEndpoints(true).list).toBe('/api/log/');
    expect(logEndpoints(false).stat).toBe('/api/log/self/stat');
  });
});
