import type { FormRule } from 'antd';

type Translate = (key: string) => string;

/** Limits from spec §5: username up to 12 characters, password 8 to 20. */
export const USERNAME_MAX = 12;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

export function usernameRules(t: Translate): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('auth.usernameRequired') },
    { max: USERNAME_MAX, message: t('auth.usernameTooLong') },
  ];
}

export function passwordRules(t: Translate): FormRule[] {
  return [
    { required: true, message: t('auth.passwordRequired') },
    { min: PASSWORD_MIN, message: t('auth.passwordTooShort') },
    { max: PASSWORD_MAX, message: t('auth.passwordTooLong') },
  ];
}

/** The confirmation field: required and equal to the field named `field` (spec §5: the two must match). */
export function confirmRules(t: Translate, field = 'password'): FormRule[] {
  return [
    { required: true, message: t('auth.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error(t('auth.passwordMismatch'))),
    }),
  ];
}

export function emailRules(t: Translate): FormRule[] {
  return [
    { required: true, message: t('auth.emailRequired') },
    { type: 'email', message: t('auth.emailInvalid') },
  ];
}
