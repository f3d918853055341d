import { Button, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordFields } from '../../components/PasswordFields.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { authApi } from './auth-api.ts';

interface PasswordForm {
  password: string;
  password2: string;
}

/** Shown after root signs in with the default password: it cannot be dismissed until the password changes. */
export function DefaultPasswordModal({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useApiMutation((values: PasswordForm) => authApi.changeDefaultPassword(values.password), {
    successMessage: t('auth.passwordChanged'),
    onSuccess: () => navigate('/token'),
  });

  return (
    <Modal
      open={open}
      title={t('auth.defaultPasswordTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="warning">{t('auth.defaultPasswordHint')}</Typography.Paragraph>
      <Form<PasswordForm> name="password" layout="vertical" onFinish={(values) => change.mutate(values)}>
        <PasswordFields label={t('auth.newPassword')} confirmLabel={t('auth.confirmPassword')} />
        <Button type="primary" htmlType="submit" block loading={change.isPending}>
          {t('auth.changePassword')}
        </Button>
      </Form>
    </Modal>
  );
}
