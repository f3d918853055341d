import { describe, expect, it } from 'vitest';
import { quotaDisplayOf } from '../../lib/quota.ts';
import { adjustmentOf, isAdjustment, toAdjustRequest } from './quota-adjust.ts';

const usd = quotaDisplayOf({ type: 'USD', quotaPerUnit: 500_000 });
const cny = quotaDisplayOf({ type: 'CNY', quotaPerUnit: 500_000, usdExchangeRate: 7 });
const units = quotaDisplayOf({ type: 'TOKENS', quotaPerUnit: 500_000 });

describe('adjustmentOf', () => {
  const balance = 7_499_593; // $14.999186

  it('adds $5 as 2 500 000 units, whatever odd figure the balance is', () => {
    expect(adjustmentOf({ mode: 'add', amount: 5 }, balance, usd)).toEqual({
      value: 2_500_000,
      after: 9_999_593,
    });
  });

  it('reads the amount in the display unit: yuan at the exchange rate, or raw units', () => {
    expect(adjustmentOf({ mode: 'add', amount: 7 }, 0, cny)).toEqual({ value: 500_000, after: 500_000 });
    expect(adjustmentOf({ mode: 'add', amount: 1234 }, 0, units)).toEqual({ value: 1234, after: 1234 });
  });

  it('deducts at most the balance', () => {
    expect(adjustmentOf({ mode: 'subtract', amount: 14.999186 }, balance, usd)).toEqual({
      value: balance,
      after: 0,
    });
    expect(adjustmentOf({ mode: 'subtract', amount: 15 }, balance, usd)).toBe('tooMuch');
  });

  it('overrides with any amount from 0', () => {
    expect(adjustmentOf({ mode: 'override', amount: 0 }, balance, usd)).toEqual({ value: 0, after: 0 });
    expect(adjustmentOf({ mode: 'override', amount: -1 }, balance, usd)).toBe('positive');
  });

  it('needs an amount, and at least one unit to add or deduct', () => {
    expect(adjustmentOf({ mode: 'add', amount: null }, balance, usd)).toBe('required');
    expect(adjustmentOf({ mode: 'add', amount: Number.NaN }, balance, usd)).toBe('required');
    expect(adjustmentOf({ mode: 'add', amount: 0 }, balance, usd)).toBe('positive');
    expect(adjustmentOf({ mode: 'subtract', amount: 0.0000001 }, balance, usd)).toBe('positive');
    expect(adjustmentOf({ mode: 'add', amount: -3 }, balance, usd)).toBe('positive');
  });

  it('tells an adjustment from a problem', () => {
    expect(isAdjustment(adjustmentOf({ mode: 'add', amount: 1 }, 0, usd))).toBe(true);
    expect(isAdjustment('required')).toBe(false);
  });
});

describe('toAdjustRequest', () => {
  it('is new-api’s add_quota call', () => {
    expect(toAdjustRequest(4, 'subtract', 10)).toEqual({
      id: 4,
      action: 'add_quota',
      mode: 'subtract',
      value: 10,
    });
  });
});
