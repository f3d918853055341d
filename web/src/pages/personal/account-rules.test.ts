import { describe, expect, it } from 'vitest';
import { deleteConfirmed } from './account-rules.ts';

describe('deleteConfirmed', () => {
  it('wants the exact username', () => {
    expect(deleteConfirmed('alice', 'alice')).toBe(true);
    expect(deleteConfirmed('Alice', 'alice')).toBe(false);
    expect(deleteConfirmed(' alice', 'alice')).toBe(false);
    expect(deleteConfirmed(undefined, 'alice')).toBe(false);
    expect(deleteConfirmed('', '')).toBe(false);
  });
});
