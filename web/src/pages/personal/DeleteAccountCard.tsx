import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal } from '../../components/FormModal.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { setSessionUser } from '../../session/session-store.ts';
import { deleteConfirmed } from './account-rules.ts';
import { deleteSelf } from './personal-api.ts';

/** Deletes the account once the user types their own username (DELETE /api/user/self), then signs out. */
export function DeleteAccountCard({ username }: { username: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ username: string }>();
  const typed = Form.useWatch('username', form);
  const remove = useApiMutation(deleteSelf, {
    successMessage: t('personal.delete.done'),
    onSuccess: () => {
      setOpen(false);
      setSessionUser(null);
      navigate('/login');
    },
  });

  return (
    <Card title={t('personal.delete.title')}>
      <Typography.Paragraph type="secondary">{t('personal.delete.description')}</Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        {t('personal.delete.button')}
      </Button>
      <FormModal
        title={t('personal.delete.confirmTitle')}
        open={open}
        onCancel={() => setOpen(false)}
        okText={t('personal.delete.confirm')}
        okButtonProps={{ danger: true, disabled: !deleteConfirmed(typed, username) }}
        loading={remove.isPending}
        intro={
          <Alert type="warning" showIcon title={t('personal.delete.warning')} style={{ marginBottom: 16 }} />
        }
        form={form}
        name="deleteAccount"
        onFinish={() => remove.mutate()}
      >
        <Form.Item
          name="username"
          label={t('personal.delete.typeUsername', { username })}
          rules={[
            {
              validator: async (_, value: string) => {
                if (!deleteConfirmed(value, username)) throw new Error(t('personal.delete.mismatch'));
              },
            },
          ]}
        >
          <Input autoComplete="off" placeholder={username} />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
