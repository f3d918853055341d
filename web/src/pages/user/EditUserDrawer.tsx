import type { UserView } from '@relaygate/contract';
import { Divider, Form, InputNumber, Spin } from 'antd';
import { HiddenSubmit } from '../../components/HiddenSubmit.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SideDrawer } from '../../components/DrawerActions.tsx';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { amountPrefix, inputToQuota, isCurrencyDisplay } from '../../lib/quota.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import { GroupSelect } from './GroupSelect.tsx';
import { updateUser, useUser, userKeys } from './user-api.ts';
import { UserIdentityFields } from './UserIdentityFields.tsx';
import { BOUND_FIELDS, BoundAccountField, type BoundField } from './BoundAccountField.tsx';
import { toEditValues, toUpdatePayload, type EditUserValues } from './user-form.ts';

/** Accounts the user binds from their own settings: read-only here, an admin may only remove them (spec §2.4). */
const BOUNDS = Object.keys(BOUND_FIELDS) as BoundField[];

/** Edits one user: loads GET /api/user/{id}, saves PUT /api/user/ with the fields and the id. */
export function EditUserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  // Keep the last user on screen while the drawer slides shut.
  const [shownId, setShownId] = useState(id);
  if (id !== null && id !== shownId) setShownId(id);
  const user = useUser(shownId);
  const [form] = Form.useForm<EditUserValues>();
  const save = useApiMutation(updateUser, { invalidate: [userKeys.all], onSuccess: onClose });

  return (
    <SideDrawer
      title={t('user.edit.title')}
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
      submit={{
        label: t('common.save'),
        loading: save.isPending,
        disabled: !user.data,
        onClick: () => form.submit(),
      }}
    >
      {user.isLoading && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      <LoadError query={user} />
      {user.data && shownId !== null && (
        <EditUserForm
          key={shownId}
          form={form}
          user={user.data}
          onSubmit={(payload) => save.mutate(payload)}
        />
      )}
    </SideDrawer>
  );
}

function EditUserForm({
  form,
  user,
  onSubmit,
}: {
  form: ReturnType<typeof Form.useForm<EditUserValues>>[0];
  user: UserView;
  onSubmit: (payload: ReturnType<typeof toUpdatePayload>) => void;
}) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const formatQuota = useFormatQuota();
  const quota = Form.useWatch('quota', form);
  const initialValues = {
    ...toEditValues(user, display),
    ...Object.fromEntries(BOUNDS.map((field) => [field, user[field]])),
  };

  return (
    <Form
      form={form}
      name="editUser"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => onSubmit(toUpdatePayload(user.id, values, display))}
    >
      <UserIdentityFields creating={false} />
      <Form.Item
        name="group"
        label={t('common.group')}
        rules={[{ required: true, message: t('user.form.groupRequired') }]}
      >
        <GroupSelect />
      </Form.Item>
      <Form.Item
        name="quota"
        label={t('user.form.quota')}
        extra={t('user.form.quotaAmount', { amount: formatQuota(inputToQuota(Number(quota) || 0, display)) })}
        rules={[{ required: true, message: t('user.form.quotaRequired') }]}
      >
        <InputNumber
          min={0}
          step={isCurrencyDisplay(display) ? 1 : display.quotaPerUnit}
          precision={isCurrencyDisplay(display) ? undefined : 0}
          prefix={amountPrefix(display)}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Divider titlePlacement="start">{t('user.form.bound')}</Divider>
      {BOUNDS.map((field) => (
        <BoundAccountField key={field} form={form} userId={user.id} field={field} />
      ))}
      <HiddenSubmit />
    </Form>
  );
}
