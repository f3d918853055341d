/** Reading source values that arrive as number, bigint string, boolean, Date or text depending on the engine. */

/** A row that cannot be imported as it is; its table counts it as skipped with this reason. */
export class RowSkip extends Error {}

export type SourceRow = Record<string, unknown>;

/** An exact integer: quota and ids never pass through a float or get rounded. */
export function int(value: unknown, fallback = 0): number {
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const number = typeof value === 'bigint' ? Number(value) : Number(value);
  if (!Number.isSafeInteger(number) || (typeof value === 'string' && String(number) !== value.trim())) {
    throw new RowSkip(`value ${String(value)} is not an exact integer`);
  }
  return number;
}

export function float(value: unknown, fallback = 0): number {
  const number = Number(value ?? fallback);
  return Number.isFinite(number) ? number : fallback;
}

export const text = (value: unknown, fallback = ''): string =>
  value === null || value === undefined
    ? fallback
    : Buffer.isBuffer(value)
      ? value.toString('utf8')
      : String(value);

/** Text, or null when the source has none (so nullable columns stay null). */
export const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : text(value);

/** JSON columns come back parsed from PostgreSQL's json type and MySQL's JSON; we store them as text. */
export const jsonText = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'object' && !Buffer.isBuffer(value)
      ? JSON.stringify(value)
      : text(value);

export const bool = (value: unknown): number =>
  value === true || value === 1 || value === '1' || value === 't' || value === 'true' ? 1 : 0;

/**
 * GORM's soft-delete column (`deleted_at`) is a timestamp in new-api and unix seconds in ours:
 * a Date (PostgreSQL, MySQL), a text timestamp (SQLite), or already a number.
 */
export function unixSecondsOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Math.floor(value);
  const date = value instanceof Date ? value : new Date(String(value).replace(' ', 'T'));
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RowSkip(`deleted_at ${String(value)} is not a time`);
  return Math.floor(ms / 1000);
}

/** The row's value of the first of these columns that the source has. */
export function pick(row: SourceRow, ...columns: string[]): unknown {
  for (const column of columns) if (column in row) return row[column];
  return undefined;
}
