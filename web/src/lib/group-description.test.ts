import { describe, expect, it } from 'vitest';
import { defaultGroupDescriptionKey } from './group-description.ts';

describe('defaultGroupDescriptionKey', () => {
  it('knows the gateway’s English defaults and new-api’s Chinese ones', () => {
    expect(defaultGroupDescriptionKey('default group')).toBe('common.groupDesc.default');
    expect(defaultGroupDescriptionKey('默认分组')).toBe('common.groupDesc.default');
    expect(defaultGroupDescriptionKey('vip group')).toBe('common.groupDesc.vip');
    expect(defaultGroupDescriptionKey('vip分组')).toBe('common.groupDesc.vip');
    expect(defaultGroupDescriptionKey(' user group ')).toBe('common.groupDesc.user');
    expect(defaultGroupDescriptionKey('用户分组')).toBe('common.groupDesc.user');
  });

  it('leaves an operator’s own description as written', () => {
    expect(defaultGroupDescriptionKey('Default Group')).toBeNull();
    expect(defaultGroupDescriptionKey('fast lane for the research team')).toBeNull();
    expect(defaultGroupDescriptionKey('')).toBeNull();
    expect(defaultGroupDescriptionKey(undefined)).toBeNull();
    expect(defaultGroupDescriptionKey('constructor')).toBeNull();
  });
});
