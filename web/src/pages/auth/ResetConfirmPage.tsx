import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { useCopy } from '../../components/use-copy.tsx';
import { AuthCard } from './AuthCard.tsx';
import { authApi } from './auth-api.ts';
import { registerLocale } from '../../i18n/index.ts';
import { locale } from './locale.ts';

registerLocale(locale);

/** /user/reset?email=&token=: confirms the reset, then shows the new password and copies it. */
export function ResetConfirmPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const copy = useCopy();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';
  const [newPassword, setNewPassword] = useState('');

  const confirm = useApiMutation(() => authApi.confirmReset(email, token), {
    successMessage: t('auth.resetDone'),
    onSuccess: (password) => {
      setNewPassword(password);
      void copy(password);
    },
  });

  const linkValid = email !== '' && token !== '';

  return (
    <AuthCard title={t('auth.resetConfirmTitle')} footer={<Link to="/login">{t('auth.backToLogin')}</Link>}>
      {!linkValid && (
        <Alert type="error" showIcon title={t('auth.resetLinkInvalid')} style={{ marginBottom: 16 }} />
      )}
      <Form name="reset_confirm" layout="vertical" onFinish={() => confirm.mutate()}>
        <Form.Item label={t('auth.email')}>
          <Input id="reset_confirm_email" value={email} readOnly />
        </Form.Item>
        {newPassword && (
          <Form.Item label={t('auth.newPasswordIs')}>
            <Space.Compact style={{ width: '100%' }}>
              <Input id="reset_confirm_password" value={newPassword} readOnly />
              <Button
                icon={<CopyOutlined />}
                onClick={() => void copy(newPassword)}
                aria-label={t('common.copy')}
              />
            </Space.Compact>
          </Form.Item>
        )}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={confirm.isPending}
          disabled={!linkValid || newPassword !== ''}
        >
          {t('auth.resetConfirmButton')}
        </Button>
      </Form>
    </AuthCard>
  );
}
