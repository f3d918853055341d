import { describe, expect, it } from 'vitest';
import { quotaDisplayOf } from '../../lib/quota.ts';
import { capAmount, formCap, tokenCap } from './token-cap.ts';
import { DEFAULT_TOKEN_QUOTA } from './token-form.ts';

const usd = quotaDisplayOf({ type: 'USD', quotaPerUnit: 500_000 });
const cny = quotaDisplayOf({ type: 'CNY', quotaPerUnit: 500_000, usdExchangeRate: 7.3 });
const units = quotaDisplayOf({ type: 'TOKENS', quotaPerUnit: 500_000 });

describe('token cap', () => {
  it("states a new token's default cap in the display currency", () => {
    expect(capAmount(DEFAULT_TOKEN_QUOTA, usd)).toBe('$1.00');
    expect(capAmount(DEFAULT_TOKEN_QUOTA, cny)).toBe('¥7.30');
  });

  it('states units with what they are worth', () => {
    expect(capAmount(DEFAULT_TOKEN_QUOTA, units)).toBe('500k ($1.00)');
  });

  it("reads the form's quota in the display unit, unlimited first, nothing while invalid", () => {
    expect(formCap({ unlimited_quota: false, remain_quota: 7.3 }, cny)).toEqual({
      unlimited: false,
      quota: 500_000,
    });
    expect(formCap({ unlimited_quota: true, remain_quota: -1 }, usd)).toEqual({ unlimited: true });
    expect(formCap({ unlimited_quota: false, remain_quota: -1 }, usd)).toBeNull();
    expect(formCap({ unlimited_quota: false, remain_quota: '' }, usd)).toBeNull();
  });

  it("reads a saved token's cap", () => {
    expect(tokenCap({ unlimited_quota: true, remain_quota: 5 })).toEqual({ unlimited: true });
    expect(tokenCap({ unlimited_quota: false, remain_quota: 5 })).toEqual({ unlimited: false, quota: 5 });
  });
});
