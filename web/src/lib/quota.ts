/** How quota (integer units) is shown: as currency or raw units, per the status object (spec §3, §9). */
export interface QuotaDisplay {
  quotaPerUnit: number;
  displayInCurrency: boolean;
}

export const DEFAULT_QUOTA_PER_UNIT = 500_000;

/** Shortens large counts: k from 10 thousand, M from 1 million, B from 1 billion. */
export function shortenNumber(value: number): string {
  const abs = Math.abs(value);
  const trim = (n: number) => String(Number(n.toFixed(1)));
  if (abs >= 1e9) return `${trim(value / 1e9)}B`;
  if (abs >= 1e6) return `${trim(value / 1e6)}M`;
  if (abs >= 1e4) return `${trim(value / 1e3)}k`;
  return String(value);
}

/** "$1.23" in currency mode (never "$0.00" for a non-zero amount), else the shortened unit count. */
export function formatQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  if (!display.displayInCurrency) return shortenNumber(quota);
  const amount = Math.abs(quota) / (display.quotaPerUnit || DEFAULT_QUOTA_PER_UNIT);
  const shown = quota !== 0 && Number(amount.toFixed(digits)) === 0 ? 10 ** -digits : amount;
  return `${quota < 0 ? '-' : ''}$${shown.toFixed(digits)}`;
}

/** What a form field shows for a quota: dollars in currency mode, units otherwise. */
export function quotaToInput(quota: number, display: QuotaDisplay): number {
  return display.displayInCurrency ? quota / (display.quotaPerUnit || DEFAULT_QUOTA_PER_UNIT) : quota;
}

/** The integer quota a form field's value stands for. */
export function inputToQuota(value: number, display: QuotaDisplay): number {
  return Math.round(
    display.displayInCurrency ? value * (display.quotaPerUnit || DEFAULT_QUOTA_PER_UNIT) : value,
  );
}
