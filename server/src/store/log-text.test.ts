import { LogType, quotaDisplayOf } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { logAmount } from '../i18n/log-amount.ts';
import { msg, render } from '../i18n/text.ts';
import { consumeText, contentIn, describedBy } from './log-text.ts';

const ratios = { model_ratio: 2.5, completion_ratio: 4, group_ratio: 0.8, model_price: -1 };
const fixed = { model_ratio: 0, completion_ratio: 0, group_ratio: 1.5, model_price: 0.04 };
const row = (type: number, content: string, other: unknown) => ({
  type,
  content,
  other: typeof other === 'string' ? other : JSON.stringify(other),
});

describe('log row details', () => {
  it('summarises a consumption row in the words the settlement always wrote', () => {
    expect(render(consumeText(ratios)!, 'en')).toBe('model ratio 2.5, completion ratio 4, group ratio 0.8');
    expect(render(consumeText(fixed)!, 'en')).toBe('model price $0.04, group ratio 1.5');
    expect(consumeText({ group_ratio: 1 })).toBeNull();
    expect(consumeText({ ...ratios, group_ratio: 'x' })).toBeNull();
    // English is the stored text itself, whatever the row's other says.
    expect(contentIn(row(LogType.Consume, 'stored', ratios), 'en')).toBe('stored');
  });

  it('answers a consumption row in Chinese from the prices in its other', () => {
    expect(contentIn(row(LogType.Consume, 'model ratio 2.5, …', ratios), 'zh')).toBe(
      '模型倍率 2.5，补全倍率 4，分组倍率 0.8',
    );
    expect(contentIn(row(LogType.Consume, 'model price $0.04, …', fixed), 'zh')).toBe(
      '模型价格 $0.04，分组倍率 1.5',
    );
  });

  it('stores the English sentence and its neutral form, and answers the neutral form in Chinese', () => {
    const units = quotaDisplayOf({ type: 'TOKENS' });
    const described = describedBy(msg('log.redeemed', { id: 7, quota: logAmount(units, 500) }), {
      redemption_id: 7,
    });
    expect(described.content).toBe('redeemed code #7 for 500 quota');
    expect(JSON.parse(described.other)).toMatchObject({
      redemption_id: 7,
      content_message: { id: 'log.redeemed' },
    });
    const stored = row(LogType.TopUp, described.content, described.other);
    expect(contentIn(stored, 'en')).toBe('redeemed code #7 for 500 quota');
    expect(contentIn(stored, 'zh')).toBe('使用兑换码 #7 充值 500 额度');
  });

  it('states an amount in the display it was written in, the same money in both languages', () => {
    const yuan = quotaDisplayOf({ type: 'CNY', quotaPerUnit: 500_000, usdExchangeRate: 7 });
    const described = describedBy(msg('log.redeemed', { id: 8, quota: logAmount(yuan, 250_000) }));
    const stored = row(LogType.TopUp, described.content, described.other);
    expect(contentIn(stored, 'en')).toBe('redeemed code #8 for ¥3.50');
    expect(contentIn(stored, 'zh')).toBe('使用兑换码 #8 充值 ¥3.50');
  });

  it('keeps the stored text of rows without a neutral form, and of rows whose form is unknown', () => {
    expect(contentIn(row(LogType.Error, 'upstream error 500', '{}'), 'zh')).toBe('upstream error 500');
    expect(contentIn(row(LogType.System, 'old row', 'not json'), 'zh')).toBe('old row');
    const unknown = { content_message: { id: 'gone.message', params: {} } };
    expect(contentIn(row(LogType.System, 'kept', unknown), 'zh')).toBe('kept');
    expect(contentIn(row(LogType.TopUp, 'top-up', ratios), 'zh')).toBe('top-up');
  });
});
