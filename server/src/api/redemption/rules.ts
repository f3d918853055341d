import { RedemptionStatus, formatQuota, type QuotaDisplay } from '@relaygate/contract';
import { msg, type Text } from '../../i18n/text.ts';

/**
 * The name a code gets when the admin leaves it empty: its quota as the site shows amounts (the
 * console's rule, e.g. "$1.00", "¥7.30", "500k"), cut to 20 characters.
 */
export function defaultRedemptionName(quota: number, display: QuotaDisplay): string {
  return formatQuota(quota, display).slice(0, 20);
}

/** Why a code's status may not change to `next`, or null when it may. */
export function statusChangeRefusal(current: number, next: number): Text | null {
  if (current === RedemptionStatus.Used) return msg('redemption.usedStatus');
  if (next === RedemptionStatus.Used) return msg('redemption.markUsed');
  return null;
}

/** Why an expiry may not be set, or null: 0 (never) or a moment still to come. */
export function expiryRefusal(expiredTime: number, now: number): Text | null {
  if (expiredTime !== 0 && expiredTime <= now) return msg('redemption.expiryPast');
  return null;
}
