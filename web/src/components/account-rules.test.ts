import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { confirmRules, emailRules, passwordRules } from './account-rules.ts';

const t = ((key: string) => key) as unknown as TFunction;

function validatorOf(rule: FormRule, password: string) {
  const form = { getFieldValue: () => password } as unknown as FormInstance;
  const built = typeof rule === 'function' ? rule(form) : rule;
  return (value: string) => built.validator?.(built, value, () => undefined);
}

describe('account rules', () => {
  it('limits the password to 8–20 characters', () => {
    expect(passwordRules(t)).toContainEqual({ min: 8, message: 'password.tooShort' });
    expect(passwordRules(t)).toContainEqual({ max: 20, message: 'password.tooLong' });
  });

  it('accepts a matching confirmation and rejects a different one', async () => {
    const check = validatorOf(confirmRules(t)[1], 'secret-123');
    await expect(check('secret-123')).resolves.toBeUndefined();
    await expect(check('')).resolves.toBeUndefined();
    await expect(check('secret-124')).rejects.toThrow('password.mismatch');
  });

  it('wants a well-formed e-mail address', () => {
    expect(emailRules(t)).toContainEqual({ type: 'email', message: 'emailCode.emailInvalid' });
  });
});
