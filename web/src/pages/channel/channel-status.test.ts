import { describe, expect, it } from 'vitest';
import {
  balanceText,
  formatBalance,
  formatSeconds,
  millisecondsToSeconds,
  parseOtherInfo,
  responseTimeColour,
  splitNames,
  statusKind,
  toggledStatus,
} from './channel-status.ts';

describe('responseTimeColour', () => {
  it('is grey when untested', () => {
    expect(responseTimeColour(0)).toBe('default');
  });
  it('follows the 1 s / 3 s / 5 s thresholds', () => {
    expect(responseTimeColour(1)).toBe('green');
    expect(responseTimeColour(1000)).toBe('green');
    expect(responseTimeColour(1001)).toBe('lime');
    expect(responseTimeColour(3000)).toBe('lime');
    expect(responseTimeColour(3001)).toBe('yellow');
    expect(responseTimeColour(5000)).toBe('yellow');
    expect(responseTimeColour(5001)).toBe('red');
  });
});

describe('time formatting', () => {
  it('shows milliseconds as seconds', () => {
    expect(millisecondsToSeconds(1234)).toBe('1.23');
    expect(formatSeconds(0.5)).toBe('0.50');
    expect(formatSeconds(Number.NaN)).toBe('0.00');
  });
});

describe('statusKind', () => {
  it('names the three channel statuses', () => {
    expect(statusKind(1)).toBe('enabled');
    expect(statusKind(2)).toBe('disabled');
    expect(statusKind(3)).toBe('autoDisabled');
    expect(statusKind(0)).toBe('unknown');
  });
  it('toggles enabled to disabled and anything else to enabled', () => {
    expect(toggledStatus(1)).toBe(2);
    expect(toggledStatus(2)).toBe(1);
    expect(toggledStatus(3)).toBe(1);
  });
});

describe('parseOtherInfo', () => {
  it('reads the reason and time', () => {
    expect(parseOtherInfo('{"status_reason":"quota","status_time":1700000000}')).toEqual({
      status_reason: 'quota',
      status_time: 1700000000,
    });
    expect(parseOtherInfo('{"balance_currency":"CNY"}').balance_currency).toBe('CNY');
  });
  it('tolerates empty or broken text', () => {
    expect(parseOtherInfo('')).toEqual({});
    expect(parseOtherInfo('not json')).toEqual({});
    expect(parseOtherInfo('[1]')).toEqual({});
  });
});

describe('splitNames', () => {
  it('trims, drops empties and duplicates', () => {
    expect(splitNames(' a, b,,a ,c')).toEqual(['a', 'b', 'c']);
    expect(splitNames(null)).toEqual([]);
  });
});

describe('balanceText', () => {
  it('is null (shown as "not fetched") until the balance was fetched once, however much it says', () => {
    expect(balanceText({ balance: 0, balance_updated_time: 0, other_info: null })).toBeNull();
    expect(balanceText({ balance: 12.5, balance_updated_time: 0, other_info: null })).toBeNull();
  });
  it('shows a fetched balance, zero included, without rounding a small one up', () => {
    expect(balanceText({ balance: 0, balance_updated_time: 1_700_000_000, other_info: '' })).toBe('$0.00');
    expect(balanceText({ balance: 12.345, balance_updated_time: 1, other_info: null })).toBe('$12.35');
    expect(balanceText({ balance: 0.004, balance_updated_time: 1, other_info: null })).toBe('$0.004');
  });
  it("shows it in the provider's currency: yuan as ¥, others by their code", () => {
    const yuan = JSON.stringify({ status_reason: 'x', balance_currency: 'CNY' });
    expect(balanceText({ balance: 70, balance_updated_time: 1, other_info: yuan })).toBe('¥70.00');
    expect(
      balanceText({ balance: 3, balance_updated_time: 1, other_info: '{"balance_currency":"EUR"}' }),
    ).toBe('EUR 3.00');
    expect(formatBalance(-1.5, 'USD')).toBe('-$1.50');
  });
});
