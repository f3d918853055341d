import { TokenStatus } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../i18n/in-english.ts';
import * as rules from './token-rules.ts';
import { batchNames, statusAfterEdit } from './token-rules.ts';

const enableRefusal = inEnglish(rules.enableRefusal);
const expiryRefusal = inEnglish(rules.expiryRefusal);
const groupRefusal = inEnglish(rules.groupRefusal);

const NOW = 1_700_000_000;
const valid = { expired_time: -1, remain_quota: 10, unlimited_quota: false };

describe('token rules', () => {
  it('enabling needs a live expiry and quota left, or unlimited quota', () => {
    expect(enableRefusal(valid, NOW)).toBeNull();
    expect(enableRefusal({ ...valid, expired_time: NOW + 1 }, NOW)).toBeNull();
    expect(enableRefusal({ ...valid, expired_time: NOW }, NOW)).toMatch(/has expired/);
    expect(enableRefusal({ ...valid, expired_time: 1 }, NOW)).toMatch(/has expired/);
    expect(enableRefusal({ ...valid, remain_quota: 0 }, NOW)).toMatch(/quota is used up/);
    expect(enableRefusal({ ...valid, remain_quota: -5 }, NOW)).toMatch(/quota is used up/);
    expect(enableRefusal({ ...valid, remain_quota: 0, unlimited_quota: true }, NOW)).toBeNull();
  });

  it('an edit revives expired and exhausted tokens only when they became valid', () => {
    expect(statusAfterEdit(TokenStatus.Expired, valid, NOW)).toBe(TokenStatus.Enabled);
    expect(statusAfterEdit(TokenStatus.Exhausted, valid, NOW)).toBe(TokenStatus.Enabled);
    expect(statusAfterEdit(TokenStatus.Expired, { ...valid, expired_time: NOW - 1 }, NOW)).toBe(
      TokenStatus.Expired,
    );
    expect(statusAfterEdit(TokenStatus.Exhausted, { ...valid, remain_quota: 0 }, NOW)).toBe(
      TokenStatus.Exhausted,
    );
    expect(statusAfterEdit(TokenStatus.Disabled, valid, NOW)).toBe(TokenStatus.Disabled);
    expect(statusAfterEdit(TokenStatus.Enabled, { ...valid, remain_quota: 0 }, NOW)).toBe(
      TokenStatus.Enabled,
    );
  });

  it('a new expiry is -1 or in the future', () => {
    expect(expiryRefusal(-1, NOW)).toBeNull();
    expect(expiryRefusal(NOW + 60, NOW)).toBeNull();
    expect(expiryRefusal(NOW, NOW)).toMatch(/expired_time/);
    expect(expiryRefusal(0, NOW)).toMatch(/expired_time/);
  });

  it('a group is empty or one the user may use, never an inherited object key', () => {
    const usable = { default: 'default group', vip: 'vip group' };
    expect(groupRefusal('', usable)).toBeNull();
    expect(groupRefusal('vip', usable)).toBeNull();
    expect(groupRefusal('svip', usable)).toMatch(/group "svip" is not available/);
    expect(groupRefusal('constructor', usable)).not.toBeNull();
    expect(groupRefusal('__proto__', usable)).not.toBeNull();
  });

  it('names a batch with suffixes after the first', () => {
    let n = 0;
    expect(batchNames('team', 3, () => `s${++n}`)).toEqual(['team', 'team-s1', 'team-s2']);
    expect(batchNames('solo', 1, () => 'never')).toEqual(['solo']);
  });
});
