import type { ChannelView } from '@relaygate/contract';
import { Alert, Button, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { SideDrawer } from '../../components/DrawerActions.tsx';
import { showError, showSuccess } from '../../api/feedback.ts';
import { isRoot, useSessionUser } from '../../session/session-store.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { CHANNELS_KEY, channelApi, useChannel } from './channel-api.ts';
import {
  DEFAULT_CHANNEL_FORM,
  channelToForm,
  copyToForm,
  createBody,
  formToPayload,
  validateChannelForm,
} from './channel-form.ts';
import type { ChannelFormValues } from './channel-form-values.ts';
import { ChannelFormFields } from './ChannelFormFields.tsx';
import { refusalFields, type ChannelField } from './form-errors.ts';

export type DrawerTarget = { mode: 'create'; copyOf?: ChannelView } | { mode: 'edit'; id: number };

/** Create or edit a channel (POST / PUT /api/channel/). */
export function ChannelDrawer({ target, onClose }: { target: DrawerTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const editId = target?.mode === 'edit' ? target.id : undefined;
  const loaded = useChannel(editId);
  const creating = target?.mode === 'create';

  let body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (target?.mode === 'create') {
    const initial = target.copyOf ? copyToForm(target.copyOf) : DEFAULT_CHANNEL_FORM;
    body = (
      <ChannelForm
        key={target.copyOf?.id ?? 'new'}
        initial={initial}
        onDone={onClose}
        copyOfId={target.copyOf?.id}
      />
    );
  } else if (target?.mode === 'edit' && loaded.isError) {
    body = (
      <Alert type="error" showIcon title={t('channel.error.notFound')} description={loaded.error.message} />
    );
  } else if (target?.mode === 'edit' && loaded.data) {
    body = (
      <ChannelForm key={target.id} id={target.id} initial={channelToForm(loaded.data)} onDone={onClose} />
    );
  }

  return (
    <SideDrawer
      open={target !== null}
      title={creating ? t('channel.drawer.create') : t('channel.drawer.edit', { id: editId })}
      onClose={onClose}
      destroyOnHidden
      submit={{ htmlType: 'submit', form: 'channel', disabled: !creating && !loaded.data }}
    >
      {body}
    </SideDrawer>
  );
}

function ChannelForm({
  id,
  initial,
  copyOfId,
  onDone,
}: {
  id?: number;
  initial: ChannelFormValues;
  copyOfId?: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChannelFormValues>();
  const creating = id === undefined;
  const save = useApiMutation(
    async (values: ChannelFormValues): Promise<unknown> =>
      id === undefined
        ? channelApi.create(createBody(values))
        : channelApi.update({ ...formToPayload(values), id }),
    {
      invalidate: [CHANNELS_KEY],
      successMessage: false,
      onSuccess: () => {
        showSuccess(creating ? t('channel.message.created') : t('channel.message.updated'));
        onDone();
      },
      // A refusal about a field (base URL, model mapping, key…) also marks that field.
      onError: (error) => markFields(refusalFields(error.message), error.message),
    },
  );

  const markFields = (fields: ChannelField[], message: string) =>
    form.setFields(fields.map((name) => ({ name, errors: [message] })));

  const submit = () => {
    const values = { ...DEFAULT_CHANNEL_FORM, ...form.getFieldsValue(true) } as ChannelFormValues;
    const problem = validateChannelForm(values, creating);
    if (problem) {
      showError(new Error(t(problem.message)));
      return markFields(problem.fields, t(problem.message));
    }
    save.mutate(values);
  };

  // A field's mark goes as soon as it is edited.
  const clearMarks = (changed: Partial<ChannelFormValues>) =>
    form.setFields(Object.keys(changed).map((name) => ({ name: name as ChannelField, errors: [] })));

  return (
    <Form
      form={form}
      name="channel"
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onValuesChange={clearMarks}
      disabled={save.isPending}
    >
      {copyOfId !== undefined ? (
        <CopyNotice sourceId={copyOfId} onKey={(key) => form.setFieldsValue({ key })} />
      ) : null}
      <ChannelFormFields creating={creating} channelId={id} />
    </Form>
  );
}

/** A copy starts without the key; root may fill in the original one (POST /api/channel/{id}/key). */
function CopyNotice({ sourceId, onKey }: { sourceId: number; onKey: (key: string) => void }) {
  const { t } = useTranslation();
  const root = isRoot(useSessionUser());
  const reveal = useApiMutation(() => channelApi.revealKey(sourceId), {
    successMessage: t('channel.message.keyFilled'),
    onSuccess: ({ key }) => onKey(key),
  });
  return (
    <Alert
      type="info"
      showIcon
      title={t('channel.hint.copy')}
      style={{ marginBottom: 16 }}
      action={
        root ? (
          <Button size="small" loading={reveal.isPending} onClick={() => reveal.mutate(undefined)}>
            {t('channel.action.useOriginalKey')}
          </Button>
        ) : undefined
      }
    />
  );
}
