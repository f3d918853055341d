import { describe, expect, it } from 'vitest';
import {
  fullKey,
  maskKey,
  selectedKeysText,
  toggledStatus,
  tokenColumnsInOrder,
  tokenStatusTag,
} from './token-view.ts';

describe('token view', () => {
  it('prefixes and masks keys', () => {
    expect(fullKey('abc')).toBe('sk-abc');
    expect(maskKey('abcdefghijklmnop')).toBe('sk-abcd…mnop');
    expect(maskKey('short')).toBe('sk-short');
  });

  it('labels each status, enabled with model limits as restricted', () => {
    expect(tokenStatusTag({ status: 1, model_limits_enabled: false }).label).toBe('enabled');
    expect(tokenStatusTag({ status: 1, model_limits_enabled: true }).label).toBe('restricted');
    expect(tokenStatusTag({ status: 2, model_limits_enabled: false }).label).toBe('disabled');
    expect(tokenStatusTag({ status: 3, model_limits_enabled: false }).label).toBe('expired');
    expect(tokenStatusTag({ status: 4, model_limits_enabled: false }).label).toBe('exhausted');
    expect(tokenStatusTag({ status: 9, model_limits_enabled: false }).label).toBe('unknown');
  });

  it('toggles only between enabled and disabled', () => {
    expect(toggledStatus(1)).toBe(2);
    expect(toggledStatus(2)).toBe(1);
    expect(toggledStatus(3)).toBeNull();
    expect(toggledStatus(4)).toBeNull();
  });

  it('copies selected keys one per line', () => {
    expect(selectedKeysText([{ key: 'a' }, { key: 'b' }])).toBe('sk-a\nsk-b');
  });

  it('on a phone leads with name, status, remaining quota and actions; on a desktop keeps the order', () => {
    const keys = ['status', 'key', 'used_quota', 'remain_quota', 'name', 'group', 'actions'];
    const columns = keys.map((key) => ({ key }));
    const order = (phone: boolean) => tokenColumnsInOrder(columns, phone).map((column) => column.key);
    expect(order(true)).toEqual(['name', 'status', 'remain_quota', 'actions', 'key', 'used_quota', 'group']);
    expect(order(false)).toEqual(keys);
  });
});
