import { Alert, Form, Input, InputNumber, Modal, Select, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { CHANNELS_KEY, channelApi, useGroupNames, useKnownModels } from './channel-api.ts';
import { splitNames } from './channel-status.ts';
import { initialTagEdit, tagEditPayload, type TagEditValues } from './tag-edit.ts';

/** Edits every channel of a tag at once (PUT /api/channel/tag). */
export function TagEditDialog({ tag, onClose }: { tag: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TagEditValues>();
  const groups = useGroupNames();
  const known = useKnownModels();
  const tagModels = useQuery({
    queryKey: [...CHANNELS_KEY, 'tag-models', tag],
    queryFn: () => channelApi.tagModels(tag as string),
    enabled: tag !== null,
    gcTime: 0,
  });
  const initial = initialTagEdit(tag ?? '', splitNames(tagModels.data));
  const save = useApiMutation(channelApi.editTag, {
    invalidate: [CHANNELS_KEY],
    successMessage: false,
    onSuccess: (count) => {
      showSuccess(t('channel.tag.saved', { count }));
      onClose();
    },
  });

  const submit = (values: TagEditValues) => {
    if (tag === null) return;
    const result = tagEditPayload(tag, { ...initial, ...values }, initial);
    if ('error' in result) return showError(new Error(t(result.error)));
    save.mutate(result.payload);
  };

  const modelOptions = [...new Set([...initial.models, ...(known.data ?? []).map((m) => m.id)])].map(
    (id) => ({
      value: id,
      label: id,
    }),
  );

  return (
    <Modal
      open={tag !== null}
      title={t('channel.tag.editTitle', { tag: tag ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      {tagModels.isLoading ? (
        <Spin />
      ) : (
        <Form
          form={form}
          name="channelTag"
          layout="vertical"
          initialValues={initial}
          onFinish={submit}
          preserve={false}
        >
          <Alert type="info" showIcon title={t('channel.tag.hint')} style={{ marginBottom: 16 }} />
          <Form.Item name="new_tag" label={t('channel.tag.newTag')} extra={t('channel.tag.dissolveHint')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="models" label={t('common.models')}>
            <Select mode="tags" allowClear options={modelOptions} tokenSeparators={[',']} />
          </Form.Item>
          <Form.Item name="groups" label={t('channel.field.groups')} extra={t('channel.tag.keepHint')}>
            <Select mode="tags" allowClear options={(groups ?? []).map((g) => ({ value: g, label: g }))} />
          </Form.Item>
          <Form.Item
            name="model_mapping"
            label={t('channel.field.modelMapping')}
            extra={t('channel.tag.keepHint')}
          >
            <Input.TextArea
              autoSize={{ minRows: 2, maxRows: 8 }}
              placeholder={t('channel.placeholder.modelMapping')}
            />
          </Form.Item>
          <Form.Item name="priority" label={t('channel.field.priority')} extra={t('channel.tag.keepHint')}>
            <InputNumber precision={0} min={-999} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="weight" label={t('channel.field.weight')} extra={t('channel.tag.keepHint')}>
            <InputNumber precision={0} min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
