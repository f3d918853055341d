import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../i18n/in-english.ts';
import * as rules from './amount.ts';
import { formatMoney, payableMoney, topUpGroupRatio } from './amount.ts';

const amountRefusal = inEnglish(rules.amountRefusal);

describe('top-up amount', () => {
  const ratios = { default: 1, vip: 0.8, svip: 0 };

  it('applies the top-up ratio of the user group, 1 for a group without one or with 0', () => {
    expect(topUpGroupRatio(ratios, 'vip')).toBe(0.8);
    expect(topUpGroupRatio(ratios, 'svip')).toBe(1);
    expect(topUpGroupRatio(ratios, 'nobody')).toBe(1);
  });

  it('pays amount × price × group ratio, rounded to cents', () => {
    expect(payableMoney(10, 7.3, 1)).toBe(73);
    expect(payableMoney(10, 7.3, 0.8)).toBe(58.4);
    expect(payableMoney(3, 7.3, 0.85)).toBe(18.62);
    expect(formatMoney(payableMoney(1, 7.3, 1))).toBe('7.30');
  });

  it('refuses amounts below the minimum, fractions and absurd sizes', () => {
    expect(amountRefusal(5, 5)).toBeNull();
    expect(amountRefusal(4, 5)).toMatch(/less than 5/);
    expect(amountRefusal(0, 0)).toMatch(/less than 1/);
    expect(amountRefusal(1.5, 1)).toMatch(/whole/);
    expect(amountRefusal('10', 1)).toMatch(/whole/);
    expect(amountRefusal(1e12, 1)).toMatch(/more than/);
  });
});
