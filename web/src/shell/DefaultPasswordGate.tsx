import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { PasswordFields } from '../components/PasswordFields.tsx';
import { useApiMutation } from '../components/use-api-mutation.ts';
import { DEFAULT_ROOT_PASSWORD } from './default-password.ts';
import { useDefaultPassword } from './use-default-password.ts';

interface PasswordForm {
  password: string;
  password2: string;
}

/**
 * While the server says this root session still has the default password (GET /api/user/self,
 * `must_change_password`), a dialog that cannot be dismissed asks for a new one: on every load and
 * every screen, so a reload cannot skip it. The server refuses everything else meanwhile.
 */
export function DefaultPasswordGate() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { mustChange } = useDefaultPassword();
  const change = useApiMutation(
    (values: PasswordForm) =>
      api.put<unknown>('/api/user/self', {
        password: values.password,
        original_password: DEFAULT_ROOT_PASSWORD,
      }),
    {
      successMessage: t('defaultPassword.changed'),
      // What the server refused meanwhile (the screen's lists) loads again.
      onSuccess: () => void queryClient.invalidateQueries(),
    },
  );

  return (
    <Modal
      open={mustChange}
      title={t('defaultPassword.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="warning">{t('defaultPassword.hint')}</Typography.Paragraph>
      <Form<PasswordForm> name="password" layout="vertical" onFinish={(values) => change.mutate(values)}>
        <PasswordFields
          label={t('defaultPassword.newPassword')}
          confirmLabel={t('defaultPassword.confirm')}
        />
        <Button type="primary" htmlType="submit" block loading={change.isPending}>
          {t('defaultPassword.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
