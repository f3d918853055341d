import type { UserView } from '@relaygate/contract';
import { Divider, Form, Spin } from 'antd';
import { HiddenSubmit } from '../../components/HiddenSubmit.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SideDrawer } from '../../components/DrawerActions.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { GroupSelect } from './GroupSelect.tsx';
import { QuotaAdjustSection } from './QuotaAdjustSection.tsx';
import { updateUser, useUser, userKeys } from './user-api.ts';
import { UserIdentityFields } from './UserIdentityFields.tsx';
import { BOUND_FIELDS, BoundAccountField, type BoundField } from './BoundAccountField.tsx';
import { toEditValues, toUpdatePayload, type EditUserValues } from './user-form.ts';

/** Accounts the user binds from their own settings: read-only here, an admin may only remove them (spec §2.4). */
const BOUNDS = Object.keys(BOUND_FIELDS) as BoundField[];

/**
 * Edits one user: loads GET /api/user/{id}, saves PUT /api/user/ with the fields and the id (never the
 * quota: the balance section adjusts it on its own, so a save cannot overwrite what calls spent meanwhile).
 */
export function EditUserDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  // Keep the last user on screen while the drawer slides shut.
  const [shownId, setShownId] = useState(id);
  if (id !== null && id !== shownId) setShownId(id);
  const user = useUser(shownId);
  const [form] = Form.useForm<EditUserValues>();
  const save = useApiMutation(updateUser, {
    invalidate: [userKeys.all],
    successMessage: (_result, { username }) => t('user.done.saved', { username }),
    onSuccess: onClose,
  });

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
  const initialValues = {
    ...toEditValues(user),
    ...Object.fromEntries(BOUNDS.map((field) => [field, user[field]])),
  };

  return (
    <Form
      form={form}
      name="editUser"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => onSubmit(toUpdatePayload(user.id, values))}
    >
      <UserIdentityFields creating={false} />
      <Form.Item
        name="group"
        label={t('common.group')}
        rules={[{ required: true, message: t('user.form.groupRequired') }]}
      >
        <GroupSelect />
      </Form.Item>
      <QuotaAdjustSection user={user} />
      <Divider titlePlacement="start">{t('user.form.bound')}</Divider>
      {BOUNDS.map((field) => (
        <BoundAccountField key={field} form={form} userId={user.id} field={field} />
      ))}
      <HiddenSubmit />
    </Form>
  );
}
