import {
  USD_DISPLAY,
  formatMoney,
  formatUsd,
  isCurrencyDisplay,
  quotaDisplayOf,
  type QuotaDisplay,
  type StatusObject,
} from '@relaygate/contract';

/**
 * The console's one way to show amounts: the formatter of the contract (shared with the log texts
 * the server writes), fed with the site's display from the status object (status/status.ts).
 */
export {
  DEFAULT_QUOTA_PER_UNIT,
  USD_DISPLAY,
  formatMoney,
  formatQuota,
  formatUsd,
  isCurrencyDisplay,
  shortenNumber,
  type QuotaDisplay,
} from '@relaygate/contract';

export { quotaDisplayOf };

/**
 * How amounts are shown, per the status object; a status kept from an older server without
 * quota_display_type falls back on display_in_currency.
 */
export function statusQuotaDisplay(status: StatusObject | undefined): QuotaDisplay {
  const legacyType = status?.display_in_currency === false ? 'TOKENS' : 'USD';
  return quotaDisplayOf({
    type: status?.quota_display_type ?? legacyType,
    quotaPerUnit: status?.quota_per_unit,
    usdExchangeRate: status?.usd_exchange_rate,
    customSymbol: status?.custom_currency_symbol,
    customRate: status?.custom_currency_exchange_rate,
  });
}

/** What a quota is worth in money even where amounts are shown in units (the display's currency, else US dollars). */
export const quotaWorth = (quota: number, display: QuotaDisplay): string =>
  formatUsd(quota / display.quotaPerUnit, display);

/**
 * A price set in US dollars (per call, or per million tokens) in the display's currency, US dollars
 * where amounts are units: to six decimals without needless zeros, since a price is exact as set
 * ($0.0375 per million stays so); below a millionth as formatMoney says it.
 */
export function formatPrice(usd: number, display: QuotaDisplay): string {
  const shown = isCurrencyDisplay(display) ? display : USD_DISPLAY;
  const amount = usd * shown.rate;
  if (amount !== 0 && Math.abs(amount) < 1e-6) return formatMoney(amount, shown);
  return `${amount < 0 ? '-' : ''}${shown.symbol}${Number(Math.abs(amount).toFixed(6))}`;
}

/** What a form field shows for a quota: the amount in the display's currency, or units. */
export function quotaToInput(quota: number, display: QuotaDisplay): number {
  return isCurrencyDisplay(display) ? (quota / display.quotaPerUnit) * display.rate : quota;
}

/** The integer quota a form field's value stands for. */
export function inputToQuota(value: number, display: QuotaDisplay): number {
  return Math.round(isCurrencyDisplay(display) ? (value / display.rate) * display.quotaPerUnit : value);
}

/** The prefix of an amount field: the currency symbol, or nothing for units. */
export const amountPrefix = (display: QuotaDisplay): string | undefined =>
  isCurrencyDisplay(display) ? display.symbol : undefined;
