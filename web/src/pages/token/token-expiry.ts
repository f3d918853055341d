import dayjs, { type Dayjs } from 'dayjs';

/** expired_time of a token that never expires. */
export const NEVER_EXPIRES = -1;

/** The expiry quick buttons (spec §9): never, 1 hour, 1 day, 1 month of 30 days. */
export const EXPIRY_PRESETS = [
  { key: 'never', seconds: null },
  { key: 'hour', seconds: 3600 },
  { key: 'day', seconds: 86_400 },
  { key: 'month', seconds: 30 * 86_400 },
] as const;

export type ExpiryPresetKey = (typeof EXPIRY_PRESETS)[number]['key'];

/** The picker value a quick button sets: null (never) or `now` plus the preset's length. */
export function expiryFromPreset(key: ExpiryPresetKey, now: Dayjs = dayjs()): Dayjs | null {
  const preset = EXPIRY_PRESETS.find((item) => item.key === key);
  return preset?.seconds ? now.add(preset.seconds, 'second') : null;
}

/** The picker value of a stored expiry: null when the token never expires. */
export function expiryToPicker(expiredTime: number): Dayjs | null {
  return expiredTime === NEVER_EXPIRES || expiredTime <= 0 ? null : dayjs.unix(expiredTime);
}

/**
 * The expired_time a picker value stands for: -1 when empty (never), unix seconds for a valid date,
 * null when the value does not parse as a date (the form reports 'expiry time format error').
 */
export function expiryToSeconds(value: Dayjs | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return NEVER_EXPIRES;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.unix() : null;
}
