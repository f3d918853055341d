import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmailCodeFields } from '../../components/EmailCodeFields.tsx';
import { showSuccess } from '../../api/feedback.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { bindEmail, sendVerificationCode } from './personal-api.ts';
import { SELF_KEY } from '../../api/self.ts';

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
  const bind = useApiMutation(bindEmail, {
    invalidate: [SELF_KEY],
    successMessage: t('personal.bindings.emailBound'),
    onSuccess: onClose,
  });
  const send = useApiMutation(sendVerificationCode, {
    successMessage: false,
    onSuccess: () => showSuccess(t('personal.bindings.codeSent')),
  });

  const sendCode = (email: string, lock: () => void) => {
    lock();
    send.mutate(email);
  };

  return (
    <FormModal
      title={t('personal.bindings.emailTitle')}
      open={open}
      onCancel={onClose}
      okText={t('personal.bindings.bind')}
      loading={bind.isPending}
      form={form}
      name="bindEmail"
      initialValues={{ email: current, code: '' }}
      onFinish={({ email, code }) => bind.mutate({ email: email.trim(), code: code.trim() })}
    >
      <EmailCodeFields codeName="code" sending={send.isPending} onSend={sendCode} />
    </FormModal>
  );
}
