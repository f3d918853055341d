import { leadWith } from '../../lib/column-order.ts';

/** Every column of the log table, in order; admin-only ones are never shown to others. */
export const LOG_COLUMNS = [
  'time',
  'channel',
  'username',
  'token',
  'group',
  'type',
  'model',
  'useTime',
  'prompt',
  'completion',
  'quota',
  'details',
] as const;

export type LogColumnKey = (typeof LOG_COLUMNS)[number];

const ADMIN_ONLY: readonly LogColumnKey[] = ['channel', 'username'];

/** The column choice as kept under `log-columns`: column key → shown. */
export type ColumnChoice = Partial<Record<LogColumnKey, boolean>>;

export const columnsFor = (admin: boolean): LogColumnKey[] =>
  LOG_COLUMNS.filter((key) => admin || !ADMIN_ONLY.includes(key));

/** The columns to draw: those of the role that the stored choice has not hidden (default shown). */
export function visibleColumns(choice: ColumnChoice | null, admin: boolean): LogColumnKey[] {
  return columnsFor(admin).filter((key) => choice?.[key] !== false);
}

/** What a phone shows first, before a sideways scroll: when, which model, what it cost, how many tokens. */
export const PHONE_LEAD: readonly LogColumnKey[] = ['time', 'model', 'quota', 'prompt', 'completion'];

/** The visible columns in the order drawn: on a phone the useful ones lead, the rest follow in their order. */
export const columnsInOrder = (keys: LogColumnKey[], phone: boolean): LogColumnKey[] =>
  phone ? leadWith(keys, PHONE_LEAD, (key) => key) : keys;

/** The stored choice, read defensively: anything but an object of booleans counts as nothing. */
export function parseColumnChoice(value: unknown): ColumnChoice {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const choice: ColumnChoice = {};
  for (const key of LOG_COLUMNS) {
    const shown = (value as Record<string, unknown>)[key];
    if (typeof shown === 'boolean') choice[key] = shown;
  }
  return choice;
}
