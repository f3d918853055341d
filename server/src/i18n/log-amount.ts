import { formatQuotaExact, isCurrencyDisplay, type QuotaDisplay } from '@relaygate/contract';
import type { Param } from './text.ts';

/**
 * An amount of quota as a log row's text states it, in the site's display when the row is written
 * (as new-api's LogQuota): money to the last unit ("$0.246912", "¥7.30"), or the unit count with
 * the word for quota in each language.
 */
export function logAmount(display: QuotaDisplay, quota: number): Param {
  if (isCurrencyDisplay(display)) return formatQuotaExact(quota, display);
  return { en: `${quota} quota`, zh: `${quota} 额度` };
}
