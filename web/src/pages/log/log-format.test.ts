import { LogType } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import {
  channelChain,
  detailParts,
  durationColor,
  frtColor,
  frtSeconds,
  logTypeTag,
  parseOther,
  refusedByLimit,
  shownContent,
  upstreamModel,
} from './log-format.ts';

describe('colours', () => {
  it('colours the use time: under 101 s green, under 300 s orange, else red', () => {
    expect(durationColor(0)).toBe('green');
    expect(durationColor(100)).toBe('green');
    expect(durationColor(101)).toBe('orange');
    expect(durationColor(299)).toBe('orange');
    expect(durationColor(300)).toBe('red');
  });
  it('colours the first-token time: under 3 s green, under 10 s orange, else red', () => {
    expect(frtSeconds(2500)).toBe(2.5);
    expect(frtColor(2.999)).toBe('green');
    expect(frtColor(3)).toBe('orange');
    expect(frtColor(9.9)).toBe('orange');
    expect(frtColor(10)).toBe('red');
  });
});

describe('type labels', () => {
  it('names each log type and falls back to unknown', () => {
    expect(logTypeTag(1).label).toBe('topUp');
    expect(logTypeTag(2).label).toBe('consume');
    expect(logTypeTag(3).label).toBe('manage');
    expect(logTypeTag(4).label).toBe('system');
    expect(logTypeTag(5)).toEqual({ value: 5, label: 'error', color: 'red' });
    expect(logTypeTag(6).label).toBe('refund');
    expect(logTypeTag(0).label).toBe('unknown');
  });
});

describe('other', () => {
  it('parses objects only', () => {
    expect(parseOther('{"frt":5}')).toEqual({ frt: 5 });
    expect(parseOther('')).toEqual({});
    expect(parseOther('[1]')).toEqual({});
    expect(parseOther('oops')).toEqual({});
  });

  it('summarises ratios, cache tokens and, for admins, the channel chain', () => {
    const other = {
      model_ratio: 2.5,
      completion_ratio: 4,
      group_ratio: 1,
      cache_tokens: 100,
      cache_ratio: 0.5,
      admin_info: { use_channel: [3, 5] },
    };
    expect(detailParts(other, true)).toEqual([
      { key: 'modelRatio', values: { ratio: 2.5 }, ratio: 2.5 },
      { key: 'completionRatio', values: { ratio: 4 } },
      { key: 'groupRatio', values: { ratio: 1 }, ratio: 1 },
      { key: 'cacheTokensRatio', values: { tokens: 100, ratio: 0.5 } },
      { key: 'channelChain', values: { chain: '3 → 5' } },
    ]);
    expect(detailParts(other, false).map((part) => part.key)).not.toContain('channelChain');
  });

  it('shows a fixed price instead of the ratios', () => {
    expect(detailParts({ model_price: 0.02, model_ratio: 1, group_ratio: 2 }, false)).toEqual([
      { key: 'price', values: { price: 0.02 } },
      { key: 'groupRatio', values: { ratio: 2 }, ratio: 2 },
    ]);
    expect(detailParts({}, true)).toEqual([]);
  });

  it('reads the channel chain and the upstream model', () => {
    expect(channelChain({ admin_info: { use_channel: [7] } })).toBe('7');
    expect(channelChain({})).toBeNull();
    expect(upstreamModel({ is_model_mapped: true, upstream_model_name: 'gpt-4o-2024' }, 'gpt-4o')).toBe(
      'gpt-4o-2024',
    );
    expect(upstreamModel({ upstream_model_name: 'x' }, 'gpt-4o')).toBeNull();
  });
});

describe('shownContent', () => {
  const ratios = detailParts({ model_ratio: 2, completion_ratio: 4, group_ratio: 1 }, false);
  const price = detailParts({ model_price: 0.04, group_ratio: 1 }, false);

  it("leaves out a consumption row's content when its parts already show the prices", () => {
    expect(
      shownContent({ type: LogType.Consume, content: '模型倍率 2，补全倍率 4，分组倍率 1' }, ratios),
    ).toBe('');
    expect(shownContent({ type: LogType.Consume, content: '模型价格 $0.04，分组倍率 1' }, price)).toBe('');
  });

  it('shows the content of every other row, and of a consumption row without prices', () => {
    expect(shownContent({ type: LogType.Consume, content: 'model ratio 2' }, [])).toBe('model ratio 2');
    expect(shownContent({ type: LogType.Manage, content: '管理员 root 将额度从 0 修改为 5' }, ratios)).toBe(
      '管理员 root 将额度从 0 修改为 5',
    );
    expect(shownContent({ type: LogType.Error, content: 'upstream error' }, [])).toBe('upstream error');
  });
});

describe('refusedByLimit', () => {
  const refusal = JSON.stringify({
    error_type: 'rate_limit',
    error_code: 'key_rpm_limited',
    status_code: 429,
  });
  it('is an error row the gateway wrote for a call a limit refused', () => {
    expect(refusedByLimit({ type: LogType.Error, other: refusal })).toBe(true);
  });
  it('is no other row', () => {
    expect(
      refusedByLimit({ type: LogType.Error, other: JSON.stringify({ error_type: 'upstream_error' }) }),
    ).toBe(false);
    expect(refusedByLimit({ type: LogType.Error, other: '' })).toBe(false);
    expect(refusedByLimit({ type: LogType.Consume, other: refusal })).toBe(false);
  });

  it('tells the fallback model to everyone, and the routing decisions to admins', () => {
    const other = {
      fallback_model: 'gpt-4o-mini',
      admin_info: { use_channel: [3, 5], breaker_skipped: [2], first_byte_timeouts: [3] },
    };
    expect(detailParts(other, true).map((part) => [part.key, part.values])).toEqual([
      ['fallbackModel', { model: 'gpt-4o-mini' }],
      ['channelChain', { chain: '3 → 5' }],
      ['breakerSkipped', { channels: '2' }],
      ['firstByteTimeouts', { channels: '3' }],
    ]);
    expect(detailParts(other, false).map((part) => part.key)).toEqual(['fallbackModel']);
  });
});
