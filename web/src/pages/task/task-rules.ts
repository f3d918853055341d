import dayjs, { type Dayjs } from 'dayjs';

/** Above this many seconds a task's duration shows in red (spec §9). */
export const SLOW_TASK_SECONDS = 60;

/**
 * A task's duration in seconds, from submission to finish (times in `unitMs` per unit: 1 for
 * drawings' milliseconds, 1000 for tasks' seconds); null while it has not finished.
 */
export function taskDuration(submit: number, finish: number, unitMs: number): number | null {
  if (!submit || !finish || finish < submit) return null;
  return Math.round(((finish - submit) * unitMs) / 100) / 10;
}

/** The colour of a duration: red when slow, none otherwise. */
export const durationColor = (seconds: number | null): 'red' | undefined =>
  seconds !== null && seconds > SLOW_TASK_SECONDS ? 'red' : undefined;

/** A status's tag colour; unknown statuses get the neutral one. */
export function statusColor(status: string): string {
  switch (status) {
    case 'SUCCESS':
      return 'green';
    case 'FAILURE':
      return 'red';
    case 'IN_PROGRESS':
      return 'blue';
    case 'SUBMITTED':
    case 'QUEUED':
      return 'purple';
    case 'NOT_START':
    case 'MODAL':
      return 'orange';
    default:
      return 'default';
  }
}

/** A progress text such as "45%" as a number 0..100; anything else as 0. */
export function progressPercent(progress: string): number {
  const match = /^\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*$/.exec(progress ?? '');
  return match ? Math.min(100, Number(match[1])) : 0;
}

export interface TaskFilterValues {
  channel_id: string;
  task_id: string;
  time: [Dayjs | null, Dayjs | null] | null;
}

/** The drawing log's default range (spec §9): the last 30 days. */
export const defaultTaskFilter = (now: Dayjs = dayjs()): TaskFilterValues => ({
  channel_id: '',
  task_id: '',
  time: [now.subtract(30, 'day'), now],
});

/**
 * The query of a task list: blank fields left out, the channel only for admins, the id under its
 * list's name (mj_id or task_id), and times in the list's unit (ms for drawings, s for tasks).
 */
export function taskFilterQuery(
  values: TaskFilterValues,
  options: { admin: boolean; idParam: 'mj_id' | 'task_id'; unitMs: number },
): Record<string, string | number | undefined> {
  const [start, end] = values.time ?? [null, null];
  const inUnit = (time: Dayjs | null) => (time ? Math.floor(time.valueOf() / options.unitMs) : undefined);
  const channel = values.channel_id.trim();
  return {
    channel_id: options.admin && channel ? channel : undefined,
    [options.idParam]: values.task_id.trim() || undefined,
    start_timestamp: inUnit(start),
    end_timestamp: inUnit(end),
  };
}
