import { formatQuotaExact } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import {
  amountPrefix,
  formatPrice,
  formatQuota,
  formatUsd,
  inputToQuota,
  quotaDisplayOf,
  quotaToInput,
  quotaWorth,
  shortenNumber,
  statusQuotaDisplay,
} from './quota.ts';

const usd = quotaDisplayOf({ type: 'USD', quotaPerUnit: 500_000 });
const cny = quotaDisplayOf({ type: 'CNY', quotaPerUnit: 500_000, usdExchangeRate: 7.3 });
const tokens = quotaDisplayOf({ type: 'TOKENS', quotaPerUnit: 500_000 });
const euro = quotaDisplayOf({ type: 'CUSTOM', quotaPerUnit: 500_000, customSymbol: '€', customRate: 0.9 });

describe('shortenNumber', () => {
  it('keeps numbers under ten thousand whole', () => {
    expect(shortenNumber(9999)).toBe('9999');
  });
  it('uses k from ten thousand, M from a million, B from a billion', () => {
    expect(shortenNumber(10_000)).toBe('10k');
    expect(shortenNumber(12_345)).toBe('12.3k');
    expect(shortenNumber(1_000_000)).toBe('1M');
    expect(shortenNumber(2_500_000_000)).toBe('2.5B');
    expect(shortenNumber(-12_345)).toBe('-12.3k');
  });
});

describe('formatQuota in US dollars', () => {
  it('shows cents from ten cents up, exact and large amounts as they are', () => {
    expect(formatQuota(0, usd)).toBe('$0.00');
    expect(formatQuota(500_000, usd)).toBe('$1.00');
    expect(formatQuota(1_234_567, usd)).toBe('$2.47');
    expect(formatQuota(50_000, usd)).toBe('$0.10');
    expect(formatQuota(-750_000, usd)).toBe('-$1.50');
    expect(formatQuota(500_000_000_000, usd)).toBe('$1000000.00');
  });
  it('shows an amount under ten cents with two significant digits, never rounded up to a cent', () => {
    // 1 unit is $0.000002: it was shown as $0.01, five thousand times too large.
    expect(formatQuota(1, usd)).toBe('$0.000002');
    expect(formatQuota(-1, usd)).toBe('-$0.000002');
    expect(formatQuota(1_234, usd)).toBe('$0.0025');
    expect(formatQuota(3_000, usd)).toBe('$0.006');
    expect(formatQuota(7_650, usd)).toBe('$0.015');
    expect(formatQuota(25_000, usd)).toBe('$0.05');
  });
  it('says "<" for what eight decimals cannot show', () => {
    const fine = quotaDisplayOf({ type: 'USD', quotaPerUnit: 1e9 });
    expect(formatQuota(1, fine)).toBe('< $0.00000001');
    expect(formatQuota(-1, fine)).toBe('> -$0.00000001');
    expect(formatQuota(150, fine)).toBe('$0.00000015');
  });
});

describe('formatQuota in yuan and a custom currency', () => {
  it('converts at the exchange rate with the currency symbol', () => {
    expect(formatQuota(500_000, cny)).toBe('¥7.30');
    expect(formatQuota(0, cny)).toBe('¥0.00');
    expect(formatQuota(1, cny)).toBe('¥0.000015');
    expect(formatQuota(500_000_000_000, cny)).toBe('¥7300000.00');
    expect(formatQuota(500_000, euro)).toBe('€0.90');
    expect(formatQuota(1, euro)).toBe('€0.0000018');
  });
});

describe('formatQuota in raw units (TOKENS)', () => {
  it('shows the unit count, shortened from ten thousand', () => {
    expect(formatQuota(1, tokens)).toBe('1');
    expect(formatQuota(0, tokens)).toBe('0');
    expect(formatQuota(500_000, tokens)).toBe('500k');
    expect(formatQuota(2_500_000_000, tokens)).toBe('2.5B');
  });
});

describe('formatQuotaExact (the texts of log rows)', () => {
  it('keeps every unit: up to eight decimals, zeros after the cents dropped, or the whole count', () => {
    expect(formatQuotaExact(123_456, usd)).toBe('$0.246912');
    expect(formatQuotaExact(500_000, usd)).toBe('$1.00');
    expect(formatQuotaExact(0, usd)).toBe('$0.00');
    expect(formatQuotaExact(500_000, cny)).toBe('¥7.30');
    expect(formatQuotaExact(1, cny)).toBe('¥0.0000146');
    expect(formatQuotaExact(123_456, tokens)).toBe('123456');
  });
});

describe('prices in US dollars', () => {
  it('follow the display currency, and stay in dollars where amounts are units', () => {
    expect(formatUsd(2, usd)).toBe('$2.00');
    expect(formatUsd(2, cny)).toBe('¥14.60');
    expect(formatUsd(0.0001, usd)).toBe('$0.0001');
    expect(formatUsd(2, tokens)).toBe('$2.00');
    expect(quotaWorth(100_000, tokens)).toBe('$0.20');
    expect(quotaWorth(100_000, cny)).toBe('¥1.46');
  });
});

describe('formatPrice (prices set in US dollars)', () => {
  it('keeps a price exact to six decimals in the display currency, never rounded to nothing', () => {
    expect(formatPrice(2.5, usd)).toBe('$2.5');
    expect(formatPrice(0.0375, usd)).toBe('$0.0375');
    expect(formatPrice(0.000123, usd)).toBe('$0.000123');
    expect(formatPrice(0, usd)).toBe('$0');
    expect(formatPrice(2.5, cny)).toBe('¥18.25');
    expect(formatPrice(2.5, tokens)).toBe('$2.5');
    expect(formatPrice(1e-8, usd)).toBe('$0.00000001');
  });
});

describe('quota inputs', () => {
  it('round-trip through the form value in the display currency', () => {
    expect(quotaToInput(250_000, usd)).toBe(0.5);
    expect(inputToQuota(0.5, usd)).toBe(250_000);
    expect(quotaToInput(500_000, cny)).toBeCloseTo(7.3);
    expect(inputToQuota(7.3, cny)).toBe(500_000);
    expect(inputToQuota(123, tokens)).toBe(123);
    expect([amountPrefix(usd), amountPrefix(cny), amountPrefix(tokens)]).toEqual(['$', '¥', undefined]);
  });
});

describe('the display of a status object', () => {
  it('reads the display type and rates, and an older status by display_in_currency', () => {
    const base = { quota_per_unit: 500_000, usd_exchange_rate: 7.3, custom_currency_symbol: '€' };
    const status = (extra: Record<string, unknown>) =>
      statusQuotaDisplay({ ...base, ...extra } as unknown as Parameters<typeof statusQuotaDisplay>[0]);
    expect(status({ quota_display_type: 'CNY', display_in_currency: true })).toEqual(cny);
    expect(status({ display_in_currency: false }).type).toBe('TOKENS');
    expect(status({ display_in_currency: true }).type).toBe('USD');
    expect(statusQuotaDisplay(undefined)).toEqual(usd);
  });
});
