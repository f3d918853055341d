import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { confirmRules, passwordRules, usernameRules } from './form-rules.ts';

const t = (key: string) => key;

function validatorOf(rule: FormRule, password: string) {
  const form = { getFieldValue: () => password } as unknown as FormInstance;
  const built = typeof rule === 'function' ? rule(form) : rule;
  return (value: string) => built.validator?.(built, value, () => undefined);
}

describe('form rules', () => {
  it('limits username to 12 and password to 8–20 characters', () => {
    expect(usernameRules(t)).toContainEqual({ max: 12, message: 'auth.usernameTooLong' });
    expect(passwordRules(t)).toContainEqual({ min: 8, message: 'auth.passwordTooShort' });
    expect(passwordRules(t)).toContainEqual({ max: 20, message: 'auth.passwordTooLong' });
  });

  it('accepts a matching confirmation and rejects a different one', async () => {
    const check = validatorOf(confirmRules(t)[1], 'secret-123');
    await expect(check('secret-123')).resolves.toBeUndefined();
    await expect(check('secret-124')).rejects.toThrow('auth.passwordMismatch');
  });
});
