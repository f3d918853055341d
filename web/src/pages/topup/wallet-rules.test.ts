import { describe, expect, it } from 'vitest';
import {
  amountPresets,
  amountProblem,
  formatMoney,
  methodLabel,
  minimumAmount,
  orderStatusTag,
  redeemCodeProblem,
} from './wallet-rules.ts';

describe('wallet rules', () => {
  it('asks for a redemption code', () => {
    expect(redeemCodeProblem('  ')).toBe('topup.redeem.required');
    expect(redeemCodeProblem('abc')).toBeNull();
  });

  it('takes whole amounts of at least the minimum and at least 1', () => {
    expect(minimumAmount(0)).toBe(1);
    expect(minimumAmount(5)).toBe(5);
    expect(amountProblem(5, 5)).toBeNull();
    expect(amountProblem(4, 5)).toBe('topup.online.belowMinimum');
    expect(amountProblem(0, 0)).toBe('topup.online.belowMinimum');
    expect(amountProblem(2.5, 1)).toBe('topup.online.amountInvalid');
    expect(amountProblem('', 1)).toBe('topup.online.amountInvalid');
    expect(amountProblem(null, 1)).toBe('topup.online.amountInvalid');
  });

  it('offers presets from the minimum up', () => {
    expect(amountPresets([10, 20, 50], 1)).toEqual([1, 10, 20, 50]);
    expect(amountPresets([10, 20, 50], 20)).toEqual([20, 50]);
    expect(amountPresets([10, 20, 50], 15)).toEqual([15, 20, 50]);
  });

  it('formats money with two decimals', () => {
    expect(formatMoney('73')).toBe('73.00');
    expect(formatMoney(58.4)).toBe('58.40');
    expect(formatMoney(undefined)).toBe('-');
  });

  it('labels orders and payment methods', () => {
    expect(orderStatusTag('success')).toEqual({ label: 'success', color: 'green' });
    expect(orderStatusTag('pending').label).toBe('pending');
    expect(orderStatusTag('weird').label).toBe('unknown');
    expect(methodLabel('zfb')).toBe('topup.method.zfb');
    expect(methodLabel('paypal')).toBe('topup.method.other');
  });
});
