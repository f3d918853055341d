import { OPTION_KEYS } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_RATIO } from './default-ratios.ts';
import { OPTION_DEFINITIONS } from './registry.ts';
import { parseStatusCodeRanges, statusInRanges } from './status-code-ranges.ts';
import { render } from '../i18n/text.ts';
import { validateOptionValue } from './validate-option.ts';

const accepted = (key: string, raw: unknown): string => {
  const result = validateOptionValue(key, raw);
  if (!result.ok) throw new Error(`${key}=${JSON.stringify(raw)} refused: ${render(result.message, 'en')}`);
  return result.value;
};

const refusal = (key: string, raw: unknown): string => {
  const result = validateOptionValue(key, raw);
  if (result.ok) throw new Error(`${key}=${JSON.stringify(raw)} accepted as ${JSON.stringify(result.value)}`);
  return render(result.message, 'en');
};

describe('validateOptionValue', () => {
  it('accepts every registry default unchanged', () => {
    for (const key of OPTION_KEYS) {
      expect(accepted(key, OPTION_DEFINITIONS[key].default), key).toBe(OPTION_DEFINITIONS[key].default);
    }
  });

  it('treats every key ending in Enabled as a boolean with a true/false default', () => {
    const switches = OPTION_KEYS.filter((k) => /(Enabled|_enabled)$/.test(k));
    expect(switches.length).toBeGreaterThan(20);
    for (const key of switches) {
      expect(OPTION_DEFINITIONS[key].kind, key).toBe('bool');
      expect(['true', 'false'], key).toContain(OPTION_DEFINITIONS[key].default);
    }
  });

  it('refuses an unknown key; a missing value is empty, as in new-api', () => {
    expect(refusal('NoSuchOption', 'x')).toMatch(/unknown option: NoSuchOption/);
    const unknown = validateOptionValue('SystemNmae', 'x');
    expect(!unknown.ok && render(unknown.message, 'zh')).toBe('未知的选项：SystemNmae');
    expect(accepted('SystemName', undefined)).toBe('');
    expect(accepted('SystemName', null)).toBe('');
    expect(refusal('RetryTimes', undefined)).toMatch(/RetryTimes/);
  });

  describe('booleans', () => {
    it('accepts only the strings true/false, or JSON booleans', () => {
      expect(accepted('RegisterEnabled', 'true')).toBe('true');
      expect(accepted('RegisterEnabled', 'false')).toBe('false');
      expect(accepted('RegisterEnabled', true)).toBe('true');
      expect(accepted('RegisterEnabled', false)).toBe('false');
      for (const bad of ['True', 'FALSE', '1', '0', 'yes', '', ' true', 1, 0, {}, []]) {
        expect(refusal('RegisterEnabled', bad)).toMatch(/RegisterEnabled/);
      }
    });
  });

  describe('numbers', () => {
    it('applies the min and max of int options', () => {
      expect(accepted('RetryTimes', '0')).toBe('0');
      expect(accepted('RetryTimes', '10')).toBe('10');
      expect(accepted('RetryTimes', 3)).toBe('3');
      expect(refusal('RetryTimes', '-1')).toMatch(/at least 0/);
      expect(refusal('RetryTimes', '11')).toMatch(/at most 10/);
      expect(refusal('ModelRequestRateLimitSuccessCount', '0')).toMatch(/at least 1/);
      expect(accepted('ModelRequestRateLimitSuccessCount', '1')).toBe('1');
      expect(accepted('ModelRequestRateLimitCount', '0')).toBe('0');
      expect(accepted('ModelRequestRateLimitDurationMinutes', '0')).toBe('0');
      expect(refusal('SMTPPort', '0')).toMatch(/at least 1/);
      expect(refusal('SMTPPort', '65536')).toMatch(/at most 65535/);
    });

    it('refuses fractions, words and blanks for int options, and normalises the stored text', () => {
      expect(refusal('RetryTimes', '1.5')).toMatch(/whole number/);
      expect(refusal('RetryTimes', 'three')).toMatch(/must be a number/);
      expect(refusal('RetryTimes', '')).toMatch(/must be a number/);
      expect(refusal('RetryTimes', '   ')).toMatch(/must be a number/);
      expect(refusal('QuotaForNewUser', 'Infinity')).toMatch(/must be a number/);
      expect(refusal('QuotaForNewUser', 'NaN')).toMatch(/must be a number/);
      expect(accepted('RetryTimes', ' 2 ')).toBe('2');
    });

    it('refuses an int beyond the safe integer range (it would not fit the quota columns)', () => {
      expect(refusal('QuotaForNewUser', '1e30')).toMatch(/QuotaForNewUser/);
      expect(refusal('QuotaForNewUser', '9007199254740993')).toMatch(/QuotaForNewUser/);
      expect(accepted('QuotaForNewUser', String(Number.MAX_SAFE_INTEGER))).toBe(
        String(Number.MAX_SAFE_INTEGER),
      );
    });

    it('applies the min and max of float options', () => {
      const key = 'claude.thinking_adapter_budget_tokens_percentage';
      expect(refusal(key, '1.5')).toMatch(/at most 1/);
      expect(refusal(key, '0.05')).toMatch(/at least 0.1/);
      expect(accepted(key, '0.5')).toBe('0.5');
      expect(accepted(key, '0.1')).toBe('0.1');
      expect(accepted(key, '1')).toBe('1');
      expect(accepted(key, 0.25)).toBe('0.25');
      expect(refusal('QuotaPerUnit', '0')).toMatch(/at least 1/);
      expect(accepted('QuotaPerUnit', '500000.0')).toBe('500000');
      expect(refusal('Price', '-0.01')).toMatch(/at least 0/);
    });
  });

  describe('JSON options', () => {
    const JSON_CASES: Array<{ key: string; good: unknown; wrong: unknown[] }> = [
      {
        key: 'ModelRatio',
        good: { 'gpt-4o': 1.25, 'my-model': 0 },
        wrong: [{ a: 'x' }, { a: -1 }, [1], 5, null],
      },
      { key: 'CompletionRatio', good: { 'gpt-4o': 4 }, wrong: [{ a: 'x' }, { a: -0.5 }, ['a']] },
      { key: 'CacheRatio', good: { 'gpt-4o': 0.5 }, wrong: [{ a: true }, { a: -2 }] },
      { key: 'ModelPrice', good: { 'dall-e-3': 0.04 }, wrong: [{ a: '0.04' }, { a: -0.04 }] },
      { key: 'GroupRatio', good: { default: 1, vip: 0.8 }, wrong: [{ vip: 'x' }, { vip: -1 }, ['default']] },
      { key: 'UserUsableGroups', good: { default: 'Default group' }, wrong: [{ default: 1 }, ['default']] },
      {
        key: 'Chats',
        good: [{ Web: 'https://chat.example/?key={key}' }],
        wrong: [{ Web: 'x' }, [{ Web: 1 }]],
      },
      { key: 'gemini.safety_settings', good: { default: 'BLOCK_NONE' }, wrong: [{ default: 1 }, ['OFF']] },
      {
        key: 'gemini.version_settings',
        good: { default: 'v1', 'gemini-pro': 'v1beta' },
        wrong: [['v1'], { a: 2 }],
      },
      {
        key: 'claude.model_headers_settings',
        good: { 'claude-3-7-sonnet': { 'anthropic-beta': ['output-128k-2025-02-19'] } },
        wrong: [{ 'claude-3': 'x' }, { 'claude-3': { h: 1 } }],
      },
      {
        key: 'claude.default_max_tokens',
        good: { default: 8192, 'claude-3-haiku': 4096 },
        wrong: [{ default: -1 }, { default: 1.5 }, { default: '8192' }],
      },
    ];

    for (const { key, good, wrong } of JSON_CASES) {
      it(`${key}: refuses broken JSON and wrong shapes, keeps a valid pretty-printed value verbatim`, () => {
        expect(refusal(key, '{"a": 1')).toContain('not a valid JSON string');
        expect(refusal(key, 'not json')).toContain('not a valid JSON string');
        expect(refusal(key, '')).toContain('not a valid JSON string');
        for (const shape of wrong) {
          expect(refusal(key, JSON.stringify(shape)), JSON.stringify(shape)).toMatch(/wrong shape/);
        }
        const pretty = JSON.stringify(good, null, 4);
        expect(accepted(key, pretty)).toBe(pretty);
        // Scripts may send the object itself; it is stored pretty-printed.
        expect(accepted(key, good)).toBe(JSON.stringify(good, null, 2));
      });
    }

    it('names the offending entry of a wrong shape', () => {
      expect(refusal('ModelRatio', '{"ok": 1, "bad": "x"}')).toMatch(/at bad/);
    });
  });

  describe('string options', () => {
    it('strips trailing slashes from addresses and requires http(s)', () => {
      expect(accepted('ServerAddress', 'https://gw.example.com/')).toBe('https://gw.example.com');
      expect(accepted('ServerAddress', 'https://gw.example.com///')).toBe('https://gw.example.com');
      expect(accepted('ServerAddress', 'http://10.0.0.1:3000/base/')).toBe('http://10.0.0.1:3000/base');
      expect(accepted('ServerAddress', '')).toBe('');
      expect(refusal('ServerAddress', 'ftp://gw.example.com')).toMatch(/http/);
      expect(refusal('ServerAddress', 'gw.example.com')).toMatch(/http/);
      expect(accepted('PayAddress', 'https://pay.example.com/')).toBe('https://pay.example.com');
    });

    it('validates status code lists', () => {
      expect(accepted('AutomaticRetryStatusCodes', '429,500-503')).toBe('429,500-503');
      expect(accepted('AutomaticDisableStatusCodes', '401, 403')).toBe('401, 403');
      for (const bad of ['abc', '600', '99', '503-500', '500-', '500-600', '4xx', '500;503']) {
        expect(refusal('AutomaticRetryStatusCodes', bad), bad).toMatch(/AutomaticRetryStatusCodes/);
      }
    });

    it('checks enumerated strings', () => {
      expect(accepted('DataExportDefaultTime', 'day')).toBe('day');
      expect(refusal('DataExportDefaultTime', 'month')).toMatch(/hour, day or week/);
      expect(refusal('general_setting.quota_display_type', 'EUR')).toMatch(/USD/);
    });

    it('refuses objects for string options but accepts numbers as text', () => {
      expect(refusal('SystemName', { a: 1 })).toMatch(/must be a string/);
      expect(accepted('SystemName', 42)).toBe('42');
    });
  });

  it('ships a ModelRatio default that includes gpt-4o', () => {
    const parsed = JSON.parse(OPTION_DEFINITIONS.ModelRatio!.default) as Record<string, number>;
    expect(parsed['gpt-4o']).toBe(DEFAULT_MODEL_RATIO['gpt-4o']);
  });
});

describe('parseStatusCodeRanges', () => {
  it('parses single codes and inclusive ranges, ignoring blanks and spaces', () => {
    expect(parseStatusCodeRanges('401')).toEqual([[401, 401]]);
    expect(parseStatusCodeRanges(' 429 , 500-503 ,, ')).toEqual([
      [429, 429],
      [500, 503],
    ]);
    expect(parseStatusCodeRanges('')).toEqual([]);
    expect(parseStatusCodeRanges('100-599')).toEqual([[100, 599]]);
  });

  it('throws on anything that is not a code or range within 100-599', () => {
    expect(() => parseStatusCodeRanges('abc')).toThrow(/"abc" is not a status code/);
    expect(() => parseStatusCodeRanges('600')).toThrow(/within 100-599/);
    expect(() => parseStatusCodeRanges('099')).toThrow(/within 100-599/);
    expect(() => parseStatusCodeRanges('503-500')).toThrow(/within 100-599/);
    expect(() => parseStatusCodeRanges('500-6000')).toThrow(/not a status code/);
    expect(() => parseStatusCodeRanges('-500')).toThrow(/not a status code/);
  });

  it('matches statuses against the parsed ranges', () => {
    const ranges = parseStatusCodeRanges(OPTION_DEFINITIONS.AutomaticRetryStatusCodes!.default);
    expect(statusInRanges(429, ranges)).toBe(true);
    expect(statusInRanges(502, ranges)).toBe(true);
    expect(statusInRanges(200, ranges)).toBe(false);
    expect(statusInRanges(400, ranges)).toBe(false);
    expect(statusInRanges(408, ranges)).toBe(false);
    expect(statusInRanges(504, ranges)).toBe(false);
    expect(statusInRanges(524, ranges)).toBe(false);
  });
});
