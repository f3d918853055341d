import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Unix seconds as local "YYYY-MM-DD HH:mm:ss"; 0 or less as an empty string. */
export function formatTimestamp(seconds: number): string {
  return seconds > 0 ? dayjs.unix(seconds).format(DATE_TIME_FORMAT) : '';
}
