import dayjs, { type Dayjs } from 'dayjs';

/** The values of the log filter form; type 0 means all types. */
export interface LogFilterValues {
  type: number;
  token_name: string;
  model_name: string;
  time: [Dayjs | null, Dayjs | null] | null;
  group: string;
  channel: string;
  username: string;
}

export type LogQuery = Record<string, string | number | undefined>;

/** The default range (spec §7 Logs): today 00:00 to an hour from now. */
export function defaultTimeRange(now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [now.startOf('day'), now.add(1, 'hour')];
}

export function defaultLogFilter(now: Dayjs = dayjs()): LogFilterValues {
  return {
    type: 0,
    token_name: '',
    model_name: '',
    time: defaultTimeRange(now),
    group: '',
    channel: '',
    username: '',
  };
}

const text = (value: string | undefined | null): string | undefined => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
};

/**
 * The query string of the list and the statistics for a filter; blank fields are left out, and
 * channel and username are sent only by admins (the self endpoints ignore them).
 */
export function filterToQuery(values: LogFilterValues, admin: boolean): LogQuery {
  const [start, end] = values.time ?? [null, null];
  return {
    type: values.type ? values.type : undefined,
    token_name: text(values.token_name),
    model_name: text(values.model_name),
    start_timestamp: start ? start.unix() : undefined,
    end_timestamp: end ? end.unix() : undefined,
    group: text(values.group),
    channel: admin ? text(values.channel) : undefined,
    username: admin ? text(values.username) : undefined,
  };
}

/** A channel filter must be empty or a whole number. */
export const isValidChannel = (value: unknown): boolean =>
  value === undefined || value === null || /^\s*\d*\s*$/.test(String(value));

/** The endpoints of the caller's scope: all users' logs for admins, their own for others. */
export const logEndpoints = (admin: boolean) =>
  admin
    ? { list: '/api/log/', stat: '/api/log/stat' }
    : { list: '/api/log/self/', stat: '/api/log/self/stat' };
