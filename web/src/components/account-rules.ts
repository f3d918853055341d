import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { checkRule } from './check-rule.ts';

/** Password length the server accepts (spec §5). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

/** A new password: required, 8 to 20 characters. */
export function passwordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('password.required') },
    { min: PASSWORD_MIN, message: t('password.tooShort', { min: PASSWORD_MIN }) },
    { max: PASSWORD_MAX, message: t('password.tooLong', { max: PASSWORD_MAX }) },
  ];
}

/** The confirmation field: required and equal to the field named `field` (spec §5: the two must match). */
export function confirmRules(t: TFunction, field = 'password'): FormRule[] {
  return [
    { required: true, message: t('password.confirmRequired') },
    ({ getFieldValue }) =>
      checkRule((value) => !value || value === getFieldValue(field), t('password.mismatch')),
  ];
}

/** An e-mail address: required and well formed. */
export function emailRules(t: TFunction): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('emailCode.emailRequired') },
    { type: 'email', message: t('emailCode.emailInvalid') },
  ];
}
