import { TOKEN_LIMIT_MAX, type QuotaPeriod, type TokenView } from '@relaygate/contract';
import { formatQuota, inputToQuota, quotaToInput, type QuotaDisplay } from '../../lib/quota.ts';

/** A key's own limits as the form holds them; the budget is in the display unit. 0 or empty: none. */
export interface TokenLimitValues {
  rpm_limit: number | null;
  tpm_limit: number | null;
  concurrency_limit: number | null;
  period_quota: number | null;
  quota_period: QuotaPeriod;
}

export interface TokenLimitPayload {
  rpm_limit: number;
  tpm_limit: number;
  concurrency_limit: number;
  period_quota: number;
  quota_period: QuotaPeriod;
}

export const QUOTA_PERIOD_OPTIONS: readonly QuotaPeriod[] = ['', 'daily', 'weekly', 'monthly'];

export const noTokenLimits = (): TokenLimitValues => ({
  rpm_limit: 0,
  tpm_limit: 0,
  concurrency_limit: 0,
  period_quota: 0,
  quota_period: '',
});

export function limitsToForm(token: TokenView, display: QuotaDisplay): TokenLimitValues {
  return {
    rpm_limit: token.rpm_limit ?? 0,
    tpm_limit: token.tpm_limit ?? 0,
    concurrency_limit: token.concurrency_limit ?? 0,
    period_quota: quotaToInput(token.period_quota ?? 0, display),
    quota_period: token.quota_period ?? '',
  };
}

const whole = (value: unknown): number =>
  Number.isFinite(Number(value)) ? Math.max(0, Math.round(Number(value))) : 0;

export function limitsToPayload(values: TokenLimitValues, display: QuotaDisplay): TokenLimitPayload {
  const period = values.quota_period ?? '';
  return {
    rpm_limit: whole(values.rpm_limit),
    tpm_limit: whole(values.tpm_limit),
    concurrency_limit: whole(values.concurrency_limit),
    period_quota: period === '' ? 0 : inputToQuota(Number(values.period_quota) || 0, display),
    quota_period: period,
  };
}

/** A per-minute or concurrency limit: empty (none) or a whole number from 0 up to the server's maximum. */
export const isValidLimit = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= TOKEN_LIMIT_MAX);

/** A budget needs a period, and a period a budget above 0. */
export function budgetComplete(periodQuota: unknown, period: QuotaPeriod | undefined): boolean {
  const amount = Number(periodQuota) || 0;
  if (amount < 0) return false;
  return amount > 0 === ((period ?? '') !== '');
}

/** The key's limits in a few words for the list, e.g. "60 RPM · 2 at once · $5.00 / daily"; '' for none. */
export function limitsSummary(
  token: TokenView,
  display: QuotaDisplay,
  words: { rpm: string; tpm: string; atOnce: string; period: (period: QuotaPeriod) => string },
): string {
  const parts: string[] = [];
  if (token.rpm_limit > 0) parts.push(`${token.rpm_limit} ${words.rpm}`);
  if (token.tpm_limit > 0) parts.push(`${token.tpm_limit} ${words.tpm}`);
  if (token.concurrency_limit > 0) parts.push(`${token.concurrency_limit} ${words.atOnce}`);
  if (token.period_quota > 0 && token.quota_period)
    parts.push(`${formatQuota(token.period_quota, display)} / ${words.period(token.quota_period)}`);
  return parts.join(' · ');
}
