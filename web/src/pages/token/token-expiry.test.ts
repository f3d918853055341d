import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { NEVER_EXPIRES, expiryFromPreset, expiryToPicker, expiryToSeconds } from './token-expiry.ts';

const now = dayjs.unix(1_700_000_000);

describe('expiry presets', () => {
  it('never clears the picker; the others add an hour, a day, 30 days', () => {
    expect(expiryFromPreset('never', now)).toBeNull();
    expect(expiryFromPreset('hour', now)?.unix()).toBe(1_700_003_600);
    expect(expiryFromPreset('day', now)?.unix()).toBe(1_700_086_400);
    expect(expiryFromPreset('month', now)?.unix()).toBe(1_700_000_000 + 30 * 86_400);
  });
});

describe('expiry conversion', () => {
  it('reads -1 as an empty picker and a time as a date', () => {
    expect(expiryToPicker(NEVER_EXPIRES)).toBeNull();
    expect(expiryToPicker(1_700_000_000)?.unix()).toBe(1_700_000_000);
  });
  it('sends an empty picker as -1 and a date as unix seconds', () => {
    expect(expiryToSeconds(null)).toBe(-1);
    expect(expiryToSeconds(undefined)).toBe(-1);
    expect(expiryToSeconds(now)).toBe(1_700_000_000);
    expect(expiryToSeconds(now.format('YYYY-MM-DD HH:mm:ss'))).toBe(1_700_000_000);
  });
  it('marks text that is not a date as invalid', () => {
    expect(expiryToSeconds('tomorrow-ish')).toBeNull();
    expect(expiryToSeconds(dayjs('nope'))).toBeNull();
  });
});
