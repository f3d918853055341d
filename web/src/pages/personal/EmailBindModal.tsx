import { Button, Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../components/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { bindEmail, personalKeys, sendVerificationCode } from './personal-api.ts';
import { useCountdown } from './use-countdown.ts';

/** Seconds the send-code button stays disabled after a send (spec §4). */
const RESEND_LOCK_SECONDS = 30;

interface EmailBindValues {
  email: string;
  code: string;
}

/** Binds an e-mail address: sends a code to it, then checks the code (GET /api/oauth/email/bind). */
export function EmailBindModal({
  open,
  current,
  onClose,
}: {
  open: boolean;
  current: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EmailBindValues>();
  const [lockLeft, startLock] = useCountdown(RESEND_LOCK_SECONDS);
  const bind = useApiMutation(bindEmail, {
    invalidate: [personalKeys.self],
    successMessage: t('personal.bindings.emailBound'),
    onSuccess: onClose,
  });
  const send = useApiMutation(sendVerificationCode, {
    successMessage: false,
    onSuccess: () => showSuccess(t('personal.bindings.codeSent')),
  });

  const sendCode = async () => {
    try {
      const { email } = await form.validateFields(['email']);
      startLock();
      send.mutate(email.trim());
    } catch (error) {
      if (error instanceof Error) showError(error);
    }
  };

  return (
    <Modal
      title={t('personal.bindings.emailTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('personal.bindings.bind')}
      cancelText={t('common.cancel')}
      confirmLoading={bind.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="bindEmail"
        layout="vertical"
        preserve={false}
        initialValues={{ email: current, code: '' }}
        onFinish={({ email, code }) => bind.mutate({ email: email.trim(), code: code.trim() })}
      >
        <Form.Item
          name="email"
          label={t('personal.bindings.email')}
          rules={[
            { required: true, whitespace: true, message: t('personal.bindings.emailRequired') },
            { type: 'email', message: t('personal.bindings.emailInvalid') },
          ]}
        >
          <Input autoComplete="email" />
        </Form.Item>
        <Form.Item label={t('personal.bindings.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('personal.bindings.codeRequired') }]}
            >
              <Input autoComplete="one-time-code" />
            </Form.Item>
            <Button disabled={lockLeft > 0} loading={send.isPending} onClick={() => void sendCode()}>
              {lockLeft > 0
                ? t('personal.bindings.resendIn', { seconds: lockLeft })
                : t('personal.bindings.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
