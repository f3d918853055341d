import { Form } from 'antd';
import { HiddenSubmit } from '../../components/HiddenSubmit.tsx';
import { useTranslation } from 'react-i18next';
import { SideDrawer } from '../../components/DrawerActions.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { createUser, userKeys } from './user-api.ts';
import { toCreatePayload, type AddUserValues } from './user-form.ts';
import { UserIdentityFields } from './UserIdentityFields.tsx';

/** Creates a normal user (POST /api/user/); the list refreshes afterwards. */
export function AddUserDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AddUserValues>();
  const create = useApiMutation(createUser, {
    invalidate: [userKeys.all],
    successMessage: (_result, { username }) => t('user.done.created', { username }),
    onSuccess: onClose,
  });

  const submit = (values: AddUserValues) => {
    const payload = toCreatePayload(values);
    if (payload) create.mutate(payload);
  };

  return (
    <SideDrawer
      title={t('user.add.title')}
      open={open}
      onClose={onClose}
      destroyOnHidden
      submit={{ loading: create.isPending, onClick: () => form.submit() }}
    >
      <Form form={form} name="addUser" layout="vertical" onFinish={submit} preserve={false}>
        <UserIdentityFields creating />
        <HiddenSubmit />
      </Form>
    </SideDrawer>
  );
}
