import { describe, expect, it } from 'vitest';
import {
  amountPresets,
  amountProblem,
  formatAmount,
  formatPayable,
  methodLabel,
  minimumAmount,
  orderStatusTag,
  parseAmount,
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
    expect(amountProblem('5', 5)).toBeNull();
    expect(amountProblem(' 12 ', 1)).toBeNull();
    expect(amountProblem('4', 5)).toBe('topup.online.belowMinimum');
    expect(amountProblem('0', 0)).toBe('topup.online.belowMinimum');
    expect(amountProblem('2.5', 1)).toBe('topup.online.amountInvalid');
    expect(amountProblem('abc', 1)).toBe('topup.online.amountInvalid');
    expect(amountProblem('-3', 1)).toBe('topup.online.amountInvalid');
    expect(amountProblem('1e3', 1)).toBe('topup.online.amountInvalid');
    expect(amountProblem('', 1)).toBe('topup.online.amountRequired');
    expect(amountProblem('  ', 1)).toBe('topup.online.amountRequired');
  });

  it('reads only whole numbers as amounts', () => {
    expect(parseAmount('10')).toBe(10);
    expect(parseAmount('007')).toBe(7);
    expect(parseAmount('10.0')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('9'.repeat(13))).toBeNull();
  });

  it('offers presets from the minimum up', () => {
    expect(amountPresets([10, 20, 50], 1)).toEqual([1, 10, 20, 50]);
    expect(amountPresets([10, 20, 50], 20)).toEqual([20, 50]);
    expect(amountPresets([10, 20, 50], 15)).toEqual([15, 20, 50]);
  });

  it('states the money to pay with its currency, in the interface language', () => {
    expect(formatPayable('73', 'zh')).toBe('¥73.00');
    expect(formatPayable(58.4, 'en')).toBe('CN¥58.40');
    expect(formatPayable('7.3', 'zh-CN')).toBe('¥7.30');
    expect(formatPayable(undefined, 'zh')).toBe('-');
    expect(formatPayable('', 'en')).toBe('-');
    expect(formatPayable('n/a', 'en')).toBe('-');
  });

  it('states an amount as dollars of quota', () => {
    expect(formatAmount(10)).toBe('$10');
  });

  it('labels orders and payment methods', () => {
    expect(orderStatusTag('success')).toEqual({ label: 'success', color: 'green' });
    expect(orderStatusTag('pending').label).toBe('pending');
    expect(orderStatusTag('weird').label).toBe('unknown');
    expect(methodLabel('zfb')).toBe('topup.method.zfb');
    expect(methodLabel('paypal')).toBe('topup.method.other');
  });
});
