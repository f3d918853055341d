import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { durationColor, progressPercent, statusColor, taskDuration, taskFilterQuery } from './task-rules.ts';

describe('taskDuration and durationColor', () => {
  it('measures drawings in ms and tasks in s, null while unfinished', () => {
    expect(taskDuration(1_000_000, 1_061_500, 1)).toBe(61.5);
    expect(taskDuration(100, 130, 1000)).toBe(30);
    expect(taskDuration(100, 0, 1000)).toBeNull();
    expect(taskDuration(0, 50, 1000)).toBeNull();
  });

  it('colours more than 60 seconds red, 60 and less plainly', () => {
    expect(durationColor(61.5)).toBe('red');
    expect(durationColor(60)).toBeUndefined();
    expect(durationColor(null)).toBeUndefined();
  });
});

describe('statusColor and progressPercent', () => {
  it('gives every known status a colour and the rest the neutral one', () => {
    expect(statusColor('SUCCESS')).toBe('green');
    expect(statusColor('FAILURE')).toBe('red');
    expect(statusColor('')).toBe('default');
  });

  it('reads "45%" as 45, caps at 100, junk as 0', () => {
    expect(progressPercent('45%')).toBe(45);
    expect(progressPercent('100')).toBe(100);
    expect(progressPercent('250%')).toBe(100);
    expect(progressPercent('')).toBe(0);
  });
});

describe('taskFilterQuery', () => {
  const time: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs.unix(1_000), dayjs.unix(2_000)];

  it('sends drawing times in ms under mj_id, and the channel for admins only', () => {
    const values = { channel_id: ' 7 ', task_id: 'abc', time };
    expect(taskFilterQuery(values, { admin: true, idParam: 'mj_id', unitMs: 1 })).toEqual({
      channel_id: '7',
      mj_id: 'abc',
      start_timestamp: 1_000_000,
      end_timestamp: 2_000_000,
    });
    expect(taskFilterQuery(values, { admin: false, idParam: 'task_id', unitMs: 1000 })).toEqual({
      channel_id: undefined,
      task_id: 'abc',
      start_timestamp: 1_000,
      end_timestamp: 2_000,
    });
  });
});
