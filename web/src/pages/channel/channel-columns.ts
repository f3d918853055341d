/** Columns the user may hide (kept under StorageKey.channelColumns); actions always show. */
export const CHANNEL_COLUMNS = [
  'id',
  'name',
  'group',
  'type',
  'status',
  'responseTime',
  'balance',
  'priority',
  'weight',
] as const;

export type ChannelColumn = (typeof CHANNEL_COLUMNS)[number];
export type ColumnChoice = Record<ChannelColumn, boolean>;

export const ALL_COLUMNS: ColumnChoice = Object.fromEntries(
  CHANNEL_COLUMNS.map((c) => [c, true]),
) as ColumnChoice;

/** The stored choice, with unknown keys dropped and missing ones shown. */
export function readColumnChoice(stored: unknown): ColumnChoice {
  const choice = { ...ALL_COLUMNS };
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return choice;
  for (const column of CHANNEL_COLUMNS) {
    const value = (stored as Record<string, unknown>)[column];
    if (typeof value === 'boolean') choice[column] = value;
  }
  return choice;
}
