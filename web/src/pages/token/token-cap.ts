import {
  formatQuota,
  inputToQuota,
  isCurrencyDisplay,
  quotaWorth,
  type QuotaDisplay,
} from '../../lib/quota.ts';
import { isValidQuota } from './token-form.ts';

/** What a token may spend in total, as the create form or a token states it. */
export type TokenCap = { unlimited: true } | { unlimited: false; quota: number };

/**
 * A cap in words the user reads: money in the console's display currency; where amounts are shown
 * in units, the units and what they are worth.
 */
export function capAmount(quota: number, display: QuotaDisplay): string {
  const amount = formatQuota(quota, display);
  return isCurrencyDisplay(display) ? amount : `${amount} (${quotaWorth(quota, display)})`;
}

/** The cap the form's quota fields set (the field is in the display unit), or null while it is not a valid amount. */
export function formCap(
  values: { unlimited_quota?: boolean; remain_quota?: unknown },
  display: QuotaDisplay,
): TokenCap | null {
  if (values.unlimited_quota) return { unlimited: true };
  if (!isValidQuota(values.remain_quota)) return null;
  return { unlimited: false, quota: inputToQuota(Number(values.remain_quota), display) };
}

/** The cap of a saved token. */
export const tokenCap = (token: { unlimited_quota: boolean; remain_quota: number }): TokenCap =>
  token.unlimited_quota ? { unlimited: true } : { unlimited: false, quota: token.remain_quota };
