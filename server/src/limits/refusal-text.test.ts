import { describe, expect, it } from 'vitest';
import { render } from '../i18n/text.ts';
import {
  CHANNELS_BUSY_TEXT,
  keyBudgetText,
  keyConcurrencyText,
  keyRpmText,
  keyTpmText,
  modelRequestsText,
} from './refusal-text.ts';
import { LimitRefusal } from './gate.ts';

const model = (total: number, success: number) => ({ durationMinutes: 3, total, success });

describe('refusal texts', () => {
  it('keep the English sentences callers already match', () => {
    expect(render(modelRequestsText(model(10, 5)), 'en')).toBe(
      'you have reached the request limit: 10 requests and 5 successful requests per 3 minute(s)',
    );
    expect(render(modelRequestsText(model(0, 5)), 'en')).toBe(
      'you have reached the request limit: 5 successful requests per 3 minute(s)',
    );
    expect(render(keyRpmText(1), 'en')).toBe('this API key may make 1 requests per minute');
    expect(render(keyTpmText(100), 'en')).toBe('this API key may use 100 tokens per minute');
    expect(render(keyConcurrencyText(2), 'en')).toBe('this API key may run 2 calls at once');
    expect(render(keyBudgetText('weekly'), 'en')).toBe("this API key's weekly budget is used up");
  });

  it('say the same in Chinese', () => {
    expect(render(modelRequestsText(model(10, 5)), 'zh')).toBe(
      '已达到模型请求速率限制：每 3 分钟最多 10 次请求和最多 5 次成功请求',
    );
    expect(render(keyRpmText(1), 'zh')).toBe('此 API 密钥每分钟最多请求 1 次');
    expect(render(keyBudgetText('monthly'), 'zh')).toBe('此 API 密钥的每月预算已用完');
  });

  it('travel with the refusal: its message is the English the caller gets, its text the neutral form', () => {
    const refusal = new LimitRefusal(keyRpmText(7), 'key_rpm_limited', 12);
    expect(refusal.message).toBe('this API key may make 7 requests per minute');
    expect(refusal.text).toEqual(keyRpmText(7));
    expect(render(CHANNELS_BUSY_TEXT, 'en')).toBe(
      'every channel for this model is at its concurrency limit; try again shortly',
    );
  });
});
