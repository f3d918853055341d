import { describe, expect, it } from 'vitest';
import { deleteConfirmed, newPasswordError } from './account-rules.ts';

describe('newPasswordError', () => {
  it('needs a password of 8 to 20 characters typed twice', () => {
    expect(newPasswordError('', '')).toBe('required');
    expect(newPasswordError('short', 'short')).toBe('tooShort');
    expect(newPasswordError('x'.repeat(21), 'x'.repeat(21))).toBe('tooLong');
    expect(newPasswordError('longenough', 'longenougH')).toBe('mismatch');
    expect(newPasswordError('longenough', 'longenough')).toBeNull();
  });
});

describe('deleteConfirmed', () => {
  it('wants the exact username', () => {
    expect(deleteConfirmed('alice', 'alice')).toBe(true);
    expect(deleteConfirmed('Alice', 'alice')).toBe(false);
    expect(deleteConfirmed(' alice', 'alice')).toBe(false);
    expect(deleteConfirmed(undefined, 'alice')).toBe(false);
    expect(deleteConfirmed('', '')).toBe(false);
  });
});
