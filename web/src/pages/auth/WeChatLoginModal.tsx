import { Button, Empty, Flex, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { authApi } from './auth-api.ts';
import { useCompleteLogin } from './use-complete-login.ts';

/** Messaging-app login (spec §2.2): scan the QR code, get a code from the official account, type it here. */
export function WeChatLoginModal({
  open,
  qrCode,
  onClose,
}: {
  open: boolean;
  qrCode: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const login = useApiMutation((code: string) => authApi.wechatLogin(code), {
    successMessage: false,
    onSuccess: (user) => {
      onClose();
      completeLogin(user);
    },
  });

  return (
    <Modal open={open} title={t('auth.wechatTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Flex vertical align="center" gap={12}>
        {qrCode ? (
          <img src={qrCode} alt={t('auth.wechatQrAlt')} style={{ maxWidth: 240, width: '100%' }} />
        ) : (
          <Empty description={t('auth.wechatNoQr')} />
        )}
        <Typography.Text type="secondary">{t('auth.wechatHint')}</Typography.Text>
      </Flex>
      <Form<{ code: string }>
        name="wechat"
        layout="vertical"
        style={{ marginTop: 16 }}
        onFinish={(values) => login.mutate(values.code.trim())}
      >
        <Form.Item
          name="code"
          label={t('auth.verificationCode')}
          rules={[{ required: true, whitespace: true, message: t('auth.codeRequired') }]}
        >
          <Input autoComplete="one-time-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.loginButton')}
        </Button>
      </Form>
    </Modal>
  );
}
