import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from '../../components/PasswordFields.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { changePassword } from './personal-api.ts';

interface PasswordValues {
  original: string;
  password: string;
  password2: string;
}

/** Sets a new password (PUT /api/user/self {password, original_password}); both entries must match. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const save = useApiMutation(changePassword, {
    successMessage: t('personal.password.changed'),
    onSuccess: () => form.resetFields(),
  });

  return (
    <Card title={t('personal.password.title')}>
      <Form
        form={form}
        name="changePassword"
        layout="vertical"
        onFinish={({ password, original }) => save.mutate({ password, original })}
      >
        <Form.Item
          name="original"
          label={t('personal.password.current')}
          rules={[{ required: true, message: t('personal.password.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <PasswordFields label={t('personal.password.new')} confirmLabel={t('personal.password.confirm')} />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('personal.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
