import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { newPasswordError, PASSWORD_MAX, PASSWORD_MIN } from './account-rules.ts';
import { changePassword } from './personal-api.ts';

interface PasswordValues {
  password: string;
  password2: string;
}

/** Sets a new password (PUT /api/user/self {password}); both entries must match. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const save = useApiMutation(changePassword, {
    successMessage: t('personal.password.changed'),
    onSuccess: () => form.resetFields(),
  });
  const check = (pick: (error: string | null) => boolean) => async () => {
    const error = newPasswordError(form.getFieldValue('password'), form.getFieldValue('password2'));
    if (error && pick(error))
      throw new Error(t(`personal.password.${error}`, { min: PASSWORD_MIN, max: PASSWORD_MAX }));
  };

  return (
    <Card title={t('personal.password.title')}>
      <Form
        form={form}
        name="changePassword"
        layout="vertical"
        onFinish={({ password }) => save.mutate(password)}
      >
        <Form.Item
          name="password"
          label={t('personal.password.new')}
          rules={[{ validator: check((error) => error !== 'mismatch') }]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          name="password2"
          label={t('personal.password.confirm')}
          dependencies={['password']}
          rules={[{ validator: check((error) => error === 'mismatch') }]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('personal.password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
