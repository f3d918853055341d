import { Button, Form, Input, Popconfirm, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { clearBinding, userKeys } from './user-api.ts';

/** The bound-account fields of the edit drawer and new-api's binding type of each. */
export const BOUND_FIELDS = {
  github_id: 'github',
  oidc_id: 'oidc',
  wechat_id: 'wechat',
  telegram_id: 'telegram',
  email: 'email',
  linux_do_id: 'linuxdo',
} as const;

export type BoundField = keyof typeof BOUND_FIELDS;

/** One bound account, read-only; an admin may remove the binding (the user binds again themselves). */
export function BoundAccountField({
  form,
  userId,
  field,
}: {
  form: FormInstance;
  userId: number;
  field: BoundField;
}) {
  const { t } = useTranslation();
  const bound = Form.useWatch(field, form) as string | undefined;
  const unbind = useApiMutation(() => clearBinding(userId, BOUND_FIELDS[field]), {
    invalidate: [userKeys.all],
    successMessage: t('user.form.unbound'),
    onSuccess: () => form.setFieldValue(field, ''),
  });

  return (
    <Form.Item label={t(`user.form.${field}`)}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={field} noStyle>
          <Input readOnly variant="filled" placeholder={t('user.form.boundPlaceholder')} />
        </Form.Item>
        <Popconfirm title={t('user.form.unbindConfirm')} onConfirm={() => unbind.mutate(undefined)}>
          <Button danger disabled={!bound} loading={unbind.isPending} data-testid={`unbind-${field}`}>
            {t('user.form.unbind')}
          </Button>
        </Popconfirm>
      </Space.Compact>
    </Form.Item>
  );
}
