import { describe, expect, it } from 'vitest';
import { pickInviteCode } from './invite-code.ts';

describe('pickInviteCode', () => {
  it('prefers the link, then the stored code, else nothing', () => {
    expect(pickInviteCode('NEW1', 'OLD1')).toBe('NEW1');
    expect(pickInviteCode(null, 'OLD1')).toBe('OLD1');
    expect(pickInviteCode('  ', null)).toBe('');
  });
});
