import type { FormRule } from 'antd';

type Translate = (key: string) => string;

/** Limit from spec §5: username up to 12 characters (password and e-mail rules: components/account-rules.ts). */
export const USERNAME_MAX = 12;

export function usernameRules(t: Translate): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('auth.usernameRequired') },
    { max: USERNAME_MAX, message: t('auth.usernameTooLong') },
  ];
}
