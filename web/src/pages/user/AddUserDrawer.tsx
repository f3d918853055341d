import { Button, Drawer, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { MIN_PASSWORD_LENGTH, toCreatePayload, type AddUserValues } from './user-form.ts';
import { createUser, userKeys } from './user-api.ts';

/** Creates a normal user (POST /api/user/); the list refreshes afterwards. */
export function AddUserDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddUserValues>();
  const create = useApiMutation(createUser, { invalidate: [userKeys.all], onSuccess: onClose });
  const required = t('user.add.required');

  const submit = (values: AddUserValues) => {
    const payload = toCreatePayload(values);
    if (payload) create.mutate(payload);
  };

  return (
    <Drawer
      title={t('user.add.title')}
      open={open}
      onClose={onClose}
      size={600}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('common.submit')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="addUser" layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item
          name="username"
          label={t('user.form.username')}
          rules={[{ required: true, whitespace: true, message: required }]}
        >
          <Input autoComplete="off" maxLength={12} placeholder={t('user.form.usernamePlaceholder')} />
        </Form.Item>
        <Form.Item name="display_name" label={t('user.form.displayName')}>
          <Input autoComplete="off" maxLength={20} placeholder={t('user.form.displayNamePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('user.form.password')}
          rules={[
            { required: true, message: required },
            { min: MIN_PASSWORD_LENGTH, message: t('user.form.passwordShort', { min: MIN_PASSWORD_LENGTH }) },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Button type="primary" htmlType="submit" hidden />
      </Form>
    </Drawer>
  );
}
