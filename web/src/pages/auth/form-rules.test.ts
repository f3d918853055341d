import { describe, expect, it } from 'vitest';
import { usernameRules } from './form-rules.ts';

const t = (key: string) => key;

describe('usernameRules', () => {
  it('limits the username to 12 characters', () => {
    expect(usernameRules(t)).toContainEqual({ max: 12, message: 'auth.usernameTooLong' });
  });
});
