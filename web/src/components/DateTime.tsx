import dayjs from 'dayjs';

/**
 * Unix seconds as the date over the time, for table columns: half the width of one line, so a
 * list keeps every column in view. Nothing for 0 or less.
 */
export function DateTime({ seconds }: { seconds: number }) {
  if (seconds <= 0) return null;
  const time = dayjs.unix(seconds);
  return (
    <span style={{ display: 'inline-block', whiteSpace: 'nowrap', lineHeight: 1.35 }}>
      {time.format('YYYY-MM-DD')}
      <br />
      {time.format('HH:mm:ss')}
    </span>
  );
}
