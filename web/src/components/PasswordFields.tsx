import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, passwordRules } from './account-rules.ts';

/**
 * A new password and its confirmation, as form fields `password` and `password2`
 * (8 to 20 characters, the two must match). Labels come from the screen using it.
 */
export function PasswordFields({ label, confirmLabel }: { label: string; confirmLabel: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={label} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" placeholder={t('password.placeholder')} />
      </Form.Item>
      <Form.Item name="password2" label={confirmLabel} dependencies={['password']} rules={confirmRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
