import { describe, expect, it } from 'vitest';
import { billingStat, type BillingSource } from './billing-stat.ts';

const source = (token: Partial<BillingSource['token']> = {}): BillingSource => ({
  token: { remain_quota: 750_000, used_quota: 250_000, unlimited_quota: false, expired_time: -1, ...token },
  user: { quota: 4_000_000, used_quota: 1_000_000 },
});
const dollars = { displayTokenStat: true, displayInCurrency: true, quotaPerUnit: 500_000 };

describe('billingStat', () => {
  it("shows the key's own token in dollars when DisplayTokenStatEnabled", () => {
    expect(billingStat(source({ expired_time: 1_900_000_000 }), dollars)).toEqual({
      granted: 2,
      used: 0.5,
      accessUntil: 1_900_000_000,
    });
  });

  it('shows the user when the display option says so, or when the token is unlimited', () => {
    const user = { granted: 10, used: 2, accessUntil: 0 };
    expect(billingStat(source(), { ...dollars, displayTokenStat: false })).toEqual(user);
    expect(billingStat(source({ unlimited_quota: true }), dollars)).toEqual(user);
  });

  it('counts in quota units when DisplayInCurrencyEnabled is off; never expiring reads as 0', () => {
    expect(billingStat(source(), { ...dollars, displayInCurrency: false })).toEqual({
      granted: 1_000_000,
      used: 250_000,
      accessUntil: 0,
    });
  });
});
