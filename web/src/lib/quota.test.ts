import { describe, expect, it } from 'vitest';
import { formatQuota, inputToQuota, quotaToInput, shortenNumber } from './quota.ts';

const currency = { quotaPerUnit: 500_000, displayInCurrency: true };
const units = { quotaPerUnit: 500_000, displayInCurrency: false };

describe('shortenNumber', () => {
  it('keeps numbers under ten thousand whole', () => {
    expect(shortenNumber(9999)).toBe('9999');
  });
  it('uses k from ten thousand, M from a million, B from a billion', () => {
    expect(shortenNumber(10_000)).toBe('10k');
    expect(shortenNumber(12_345)).toBe('12.3k');
    expect(shortenNumber(1_000_000)).toBe('1M');
    expect(shortenNumber(2_500_000_000)).toBe('2.5B');
  });
});

describe('formatQuota', () => {
  it('shows dollars in currency mode', () => {
    expect(formatQuota(500_000, currency)).toBe('$1.00');
    expect(formatQuota(1_234_567, currency)).toBe('$2.47');
    expect(formatQuota(-750_000, currency)).toBe('-$1.50');
  });
  it('never shows a non-zero amount as zero', () => {
    expect(formatQuota(1, currency)).toBe('$0.01');
    expect(formatQuota(0, currency)).toBe('$0.00');
    expect(formatQuota(-1, currency)).toBe('-$0.01');
  });
  it('shows raw units otherwise', () => {
    expect(formatQuota(500_000, units)).toBe('500k');
  });
});

describe('quota inputs', () => {
  it('round-trip through the currency form value', () => {
    expect(quotaToInput(250_000, currency)).toBe(0.5);
    expect(inputToQuota(0.5, currency)).toBe(250_000);
    expect(inputToQuota(123, units)).toBe(123);
  });
});
