/**
 * How amounts of quota (integer units, `quota_per_unit` of them per US dollar) are shown: the one
 * formatting rule of the console and of the amounts the server writes into log rows, so the same
 * amount reads the same everywhere.
 */

/** general_setting.quota_display_type: US dollars, yuan at USDExchangeRate, raw units, or a custom currency. */
export const QUOTA_DISPLAY_TYPES = ['USD', 'CNY', 'TOKENS', 'CUSTOM'] as const;
export type QuotaDisplayType = (typeof QUOTA_DISPLAY_TYPES)[number];

export const DEFAULT_QUOTA_PER_UNIT = 500_000;
export const DEFAULT_CUSTOM_CURRENCY_SYMBOL = '¤';

export interface QuotaDisplay {
  type: QuotaDisplayType;
  /** Quota units per US dollar. */
  quotaPerUnit: number;
  /** What one US dollar is in the shown currency (1 for USD; unused for TOKENS). */
  rate: number;
  /** '$', '¥' or the custom symbol; '' for TOKENS. */
  symbol: string;
}

export const isQuotaDisplayType = (value: unknown): value is QuotaDisplayType =>
  (QUOTA_DISPLAY_TYPES as readonly unknown[]).includes(value);

const positiveOr = (value: number | undefined, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;

/** The display that a site's settings describe; a missing or non-positive rate counts as 1. */
export function quotaDisplayOf(settings: {
  type: string | undefined;
  quotaPerUnit?: number;
  usdExchangeRate?: number;
  customSymbol?: string;
  customRate?: number;
}): QuotaDisplay {
  const type = isQuotaDisplayType(settings.type) ? settings.type : 'USD';
  const quotaPerUnit = positiveOr(settings.quotaPerUnit, DEFAULT_QUOTA_PER_UNIT);
  if (type === 'CNY')
    return { type, quotaPerUnit, rate: positiveOr(settings.usdExchangeRate, 1), symbol: '¥' };
  if (type === 'CUSTOM')
    return {
      type,
      quotaPerUnit,
      rate: positiveOr(settings.customRate, 1),
      symbol: settings.customSymbol || DEFAULT_CUSTOM_CURRENCY_SYMBOL,
    };
  return { type, quotaPerUnit, rate: 1, symbol: type === 'USD' ? '$' : '' };
}

export const USD_DISPLAY: QuotaDisplay = quotaDisplayOf({ type: 'USD' });

/** Whether amounts are shown as money (any currency) rather than raw units. */
export const isCurrencyDisplay = (display: QuotaDisplay): boolean => display.type !== 'TOKENS';

/** Shortens large counts: k from 10 thousand, M from 1 million, B from 1 billion (spec 000 §9). */
export function shortenNumber(value: number): string {
  const abs = Math.abs(value);
  const trim = (n: number) => String(Number(n.toFixed(1)));
  if (abs >= 1e9) return `${trim(value / 1e9)}B`;
  if (abs >= 1e6) return `${trim(value / 1e6)}M`;
  if (abs >= 1e4) return `${trim(value / 1e3)}k`;
  return String(value);
}

/**
 * The most decimals an amount is shown with (a unit is $0.000002 at the default 500 000 per dollar,
 * and two significant digits of it need 7 decimals in a currency worth a little more than a dollar);
 * anything smaller reads "< ¤0.00000001".
 */
export const MAX_DECIMALS = 8;

/** `abs` with `decimals` decimals, zeros after the cents dropped: (0.050, 3) → "0.05". */
const fixedTrimmed = (abs: number, decimals: number): string =>
  abs.toFixed(decimals).replace(/(\.\d\d\d*?)0+$/, '$1');

/** Decimals that show `abs` with two significant digits: 12.345 → 2, 0.0153 → 3, 0.0000025 → 7. */
function decimalsFor(abs: number): number {
  if (abs >= 0.1) return 2;
  const firstSignificant = -Math.floor(Math.log10(abs));
  return Math.min(MAX_DECIMALS, firstSignificant + 1);
}

/** The text of an amount too small to show with MAX_DECIMALS: "< $0.00000001" (or "> -$0.00000001"). */
function belowSmallest(amount: number, symbol: string): string {
  const smallest = `${symbol}${(10 ** -MAX_DECIMALS).toFixed(MAX_DECIMALS)}`;
  return amount < 0 ? `> -${smallest}` : `< ${smallest}`;
}

const isBelowSmallest = (abs: number): boolean => abs !== 0 && abs < 10 ** -MAX_DECIMALS;

/**
 * An amount of money in the display's currency: cents from ten cents up, two significant digits below
 * that, and "< ¤0.00000001" below that, so a small amount is never shown several times larger than it is.
 */
export function formatMoney(amount: number, display: QuotaDisplay): string {
  const abs = Math.abs(amount);
  if (abs === 0 || !Number.isFinite(abs)) return `${display.symbol}0.00`;
  if (isBelowSmallest(abs)) return belowSmallest(amount, display.symbol);
  return `${amount < 0 ? '-' : ''}${display.symbol}${fixedTrimmed(abs, decimalsFor(abs))}`;
}

/** An amount in US dollars in the display's currency (in US dollars where amounts are units). */
export function formatUsd(usd: number, display: QuotaDisplay): string {
  return isCurrencyDisplay(display)
    ? formatMoney(usd * display.rate, display)
    : formatMoney(usd, USD_DISPLAY);
}

/** A quota amount as the site shows it: money per formatMoney, or the shortened unit count. */
export function formatQuota(quota: number, display: QuotaDisplay): string {
  if (!isCurrencyDisplay(display)) return shortenNumber(quota);
  return formatMoney((quota / display.quotaPerUnit) * display.rate, display);
}

/**
 * A quota amount to the last unit, for records (log texts): money with up to MAX_DECIMALS decimals
 * (zeros after the cents dropped), or the whole unit count.
 */
export function formatQuotaExact(quota: number, display: QuotaDisplay): string {
  if (!isCurrencyDisplay(display)) return String(quota);
  const amount = (quota / display.quotaPerUnit) * display.rate;
  const abs = Math.abs(amount);
  if (isBelowSmallest(abs)) return belowSmallest(amount, display.symbol);
  return `${amount < 0 ? '-' : ''}${display.symbol}${fixedTrimmed(abs, MAX_DECIMALS)}`;
}
