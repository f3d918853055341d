import type { TokenView } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { quotaDisplayOf } from '../../lib/quota.ts';
import {
  budgetComplete,
  isValidLimit,
  limitsSummary,
  limitsToPayload,
  noTokenLimits,
} from './token-limits.ts';

const currency = quotaDisplayOf({ type: 'USD', quotaPerUnit: 500_000 });
const words = { rpm: 'RPM', tpm: 'TPM', atOnce: 'at once', period: (p: string) => p };

describe('token limits in the drawer', () => {
  it('accepts empty or whole numbers from 0, refuses negatives, fractions and huge values', () => {
    for (const ok of [null, undefined, '', 0, 10, '25', 1_000_000_000]) expect(isValidLimit(ok)).toBe(true);
    for (const bad of [-1, 1.5, 'x', 1_000_000_001]) expect(isValidLimit(bad)).toBe(false);
  });

  it('wants a budget and its period together', () => {
    expect(budgetComplete(0, '')).toBe(true);
    expect(budgetComplete(5, 'weekly')).toBe(true);
    expect(budgetComplete(5, '')).toBe(false);
    expect(budgetComplete(0, 'monthly')).toBe(false);
    expect(budgetComplete(-1, 'daily')).toBe(false);
  });

  it('sends whole numbers, the budget in quota units, and no budget without a period', () => {
    expect(
      limitsToPayload(
        { rpm_limit: 60, tpm_limit: null, concurrency_limit: 3, period_quota: 2, quota_period: 'daily' },
        currency,
      ),
    ).toEqual({
      rpm_limit: 60,
      tpm_limit: 0,
      concurrency_limit: 3,
      period_quota: 1_000_000,
      quota_period: 'daily',
    });
    expect(limitsToPayload({ ...noTokenLimits(), period_quota: 2 }, currency).period_quota).toBe(0);
  });

  it('sums the limits up for the list', () => {
    const token = {
      rpm_limit: 60,
      tpm_limit: 0,
      concurrency_limit: 2,
      period_quota: 2_500_000,
      quota_period: 'daily',
    } as TokenView;
    expect(limitsSummary(token, currency, words)).toBe('60 RPM · 2 at once · $5.00 / daily');
    expect(
      limitsSummary({ ...token, rpm_limit: 0, concurrency_limit: 0, period_quota: 0 }, currency, words),
    ).toBe('');
  });
});
