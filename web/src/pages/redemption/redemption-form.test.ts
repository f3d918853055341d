import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { quotaDisplayOf } from '../../lib/quota.ts';
import {
  canEditRedemption,
  codesFileName,
  codesText,
  emptyRedemptionForm,
  formToRedemptionPayload,
  isValidRedemptionCount,
  isValidRedemptionName,
  isValidRedemptionQuota,
  redemptionStatusTag,
  redemptionToForm,
  toggledRedemptionStatus,
} from './redemption-form.ts';

const dollars = quotaDisplayOf({ type: 'USD', quotaPerUnit: 500_000 });
const units = quotaDisplayOf({ type: 'TOKENS', quotaPerUnit: 500_000 });

describe('redemption form', () => {
  it('starts at 100 000 quota and one code', () => {
    expect(emptyRedemptionForm(dollars)).toMatchObject({
      quota: 0.2,
      count: 1,
      name: '',
      expired_time: null,
    });
    expect(emptyRedemptionForm(units).quota).toBe(100_000);
  });

  it('turns the form into the create and edit payloads', () => {
    const expiry = dayjs.unix(2_000_000_000);
    expect(
      formToRedemptionPayload({ name: ' gift ', quota: 2, count: 3, expired_time: expiry }, dollars),
    ).toEqual({
      name: 'gift',
      quota: 1_000_000,
      count: 3,
      expired_time: 2_000_000_000,
    });
    expect(formToRedemptionPayload({ name: 'x', quota: 10, count: 5, expired_time: null }, units, 7)).toEqual(
      {
        id: 7,
        name: 'x',
        quota: 10,
        expired_time: 0,
      },
    );
  });

  it('reads a code back into the form', () => {
    const code = {
      id: 1,
      user_id: 1,
      key: 'k',
      status: 1,
      name: 'n',
      quota: 250_000,
      created_time: 1,
      redeemed_time: 0,
      used_user_id: 0,
      expired_time: 0,
    };
    expect(redemptionToForm(code, dollars)).toMatchObject({ name: 'n', quota: 0.5, expired_time: null });
    expect(redemptionToForm({ ...code, expired_time: 2_000_000_000 }, dollars).expired_time?.unix()).toBe(
      2_000_000_000,
    );
  });

  it('validates name, count and quota as the spec says', () => {
    expect(isValidRedemptionName('', true)).toBe(true);
    expect(isValidRedemptionName('', false)).toBe(false);
    expect(isValidRedemptionName('a'.repeat(20), false)).toBe(true);
    expect(isValidRedemptionName('a'.repeat(21), true)).toBe(false);
    expect(isValidRedemptionName('兑换码兑换码兑换码兑换码兑换码兑换码兑换', true)).toBe(true);
    expect([0, 1, 100, 101, 1.5].map(isValidRedemptionCount)).toEqual([false, true, true, false, false]);
    expect(isValidRedemptionQuota(0, dollars)).toBe(false);
    expect(isValidRedemptionQuota(0.2, dollars)).toBe(true);
    expect(isValidRedemptionQuota('', units)).toBe(false);
  });

  it('allows editing only unused codes and never re-enables a used one', () => {
    expect([1, 2, 3].map(canEditRedemption)).toEqual([true, false, false]);
    expect([1, 2, 3].map(toggledRedemptionStatus)).toEqual([2, 1, null]);
    expect([1, 2, 3, 9].map((s) => redemptionStatusTag(s).label)).toEqual([
      'unused',
      'disabled',
      'used',
      'unknown',
    ]);
  });

  it('copies and downloads one code per line under a safe file name', () => {
    expect(codesText(['a', 'b'])).toBe('a\nb');
    const at = dayjs('2026-01-02T03:04:05');
    expect(codesFileName('spring gift/1', at)).toBe('redemption-spring_gift_1-20260102-030405.txt');
    expect(codesFileName('  ', at)).toBe('redemption-codes-20260102-030405.txt');
  });
});
