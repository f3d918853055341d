import type { TokenRow } from '../store/tokens.ts';
import { NO_TOKEN_LIMITS, type TokenLimits } from './gate.ts';
import { BUDGET_PERIODS, type BudgetPeriod } from './windows.ts';

const whole = (value: unknown): number => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/** A key's own limits from its row (columns of migration 008; absent columns: none). */
export function tokenLimitsOf(row: Partial<TokenRow>): TokenLimits {
  const period = (BUDGET_PERIODS as readonly string[]).includes(row.quota_period ?? '')
    ? (row.quota_period as BudgetPeriod)
    : '';
  const limits = {
    rpm: whole(row.rpm_limit),
    tpm: whole(row.tpm_limit),
    concurrency: whole(row.concurrency_limit),
    periodQuota: period === '' ? 0 : whole(row.period_quota),
    period,
  };
  return limits.rpm || limits.tpm || limits.concurrency || limits.periodQuota ? limits : NO_TOKEN_LIMITS;
}
