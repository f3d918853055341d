import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../i18n/in-english.ts';
import * as rules from './rules.ts';
import { defaultRedemptionName } from './rules.ts';

const expiryRefusal = inEnglish(rules.expiryRefusal);
const statusChangeRefusal = inEnglish(rules.statusChangeRefusal);

describe('redemption rules', () => {
  it('names a code by its quota as the site shows money', () => {
    expect(defaultRedemptionName(500_000, 500_000, true)).toBe('$1');
    expect(defaultRedemptionName(100_000, 500_000, true)).toBe('$0.2');
    expect(defaultRedemptionName(1_250_000, 500_000, true)).toBe('$2.5');
    expect(defaultRedemptionName(100_000, 500_000, false)).toBe('100000');
    expect(defaultRedemptionName(10 ** 30, 1, false).length).toBeLessThanOrEqual(20);
  });

  it('never changes the status of a used code and never marks one used by hand', () => {
    expect(statusChangeRefusal(3, 1)).toMatch(/used/);
    expect(statusChangeRefusal(3, 2)).toMatch(/used/);
    expect(statusChangeRefusal(1, 3)).toMatch(/redeeming/);
    expect(statusChangeRefusal(2, 1)).toBeNull();
    expect(statusChangeRefusal(1, 2)).toBeNull();
  });

  it('takes 0 or a future expiry only', () => {
    expect(expiryRefusal(0, 1000)).toBeNull();
    expect(expiryRefusal(1001, 1000)).toBeNull();
    expect(expiryRefusal(1000, 1000)).toMatch(/future/);
  });
});
