import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../components/account-rules.ts';

/**
 * Username, display name and password of the add and edit drawers. A new user needs a
 * password; when editing, a blank password keeps the current one.
 */
export function UserIdentityFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation();
  const passwordShort = t('user.form.passwordShort', { min: PASSWORD_MIN });
  return (
    <>
      <Form.Item
        name="username"
        label={t('user.form.username')}
        rules={[
          {
            required: true,
            whitespace: true,
            message: t(creating ? 'user.add.required' : 'user.form.usernameRequired'),
          },
        ]}
      >
        <Input autoComplete="off" maxLength={12} placeholder={t('user.form.usernamePlaceholder')} />
      </Form.Item>
      <Form.Item name="display_name" label={t('user.form.displayName')}>
        <Input autoComplete="off" maxLength={20} placeholder={t('user.form.displayNamePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t(creating ? 'user.form.password' : 'user.form.newPassword')}
        extra={creating ? undefined : t('user.form.newPasswordHint', { min: PASSWORD_MIN })}
        rules={[
          ...(creating ? [{ required: true, message: t('user.add.required') }] : []),
          { min: PASSWORD_MIN, message: passwordShort },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
      </Form.Item>
    </>
  );
}
