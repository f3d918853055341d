import { quotaDisplayOf } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../i18n/in-english.ts';
import * as rules from './rules.ts';
import { defaultRedemptionName } from './rules.ts';

const expiryRefusal = inEnglish(rules.expiryRefusal);
const statusChangeRefusal = inEnglish(rules.statusChangeRefusal);

describe('redemption rules', () => {
  it('names a code by its quota as the site shows amounts', () => {
    const display = (type: string) => quotaDisplayOf({ type, quotaPerUnit: 500_000, usdExchangeRate: 7.3 });
    expect(defaultRedemptionName(500_000, display('USD'))).toBe('$1.00');
    expect(defaultRedemptionName(100_000, display('USD'))).toBe('$0.20');
    expect(defaultRedemptionName(1, display('USD'))).toBe('$0.000002');
    expect(defaultRedemptionName(500_000, display('CNY'))).toBe('¥7.30');
    expect(defaultRedemptionName(100_000, display('TOKENS'))).toBe('100k');
    expect(defaultRedemptionName(10 ** 30, display('USD')).length).toBeLessThanOrEqual(20);
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
