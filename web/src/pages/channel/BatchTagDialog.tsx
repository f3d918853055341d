import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../api/feedback.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { CHANNELS_KEY, channelApi } from './channel-api.ts';

/** Sets one tag on the selected channels (POST /api/channel/batch/tag). */
export function BatchTagDialog({
  open,
  ids,
  onClose,
}: {
  open: boolean;
  ids: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ tag: string }>();
  const save = useApiMutation(({ tag }: { tag: string }) => channelApi.batchTag(ids, tag), {
    invalidate: [CHANNELS_KEY],
    successMessage: false,
    onSuccess: (count) => {
      showSuccess(t('channel.batchTag.done', { count }));
      onClose();
    },
  });

  const submit = ({ tag }: { tag: string }) => {
    if (ids.length === 0) return showError(new Error(t('channel.error.selectFirst')));
    if (!tag?.trim()) return showError(new Error(t('channel.batchTag.empty')));
    save.mutate({ tag: tag.trim() });
  };

  return (
    <FormModal
      open={open}
      title={t('channel.batchTag.title', { count: ids.length })}
      onCancel={onClose}
      loading={save.isPending}
      form={form}
      name="channelBatchTag"
      onFinish={submit}
    >
      <Form.Item name="tag" label={t('channel.field.tag')}>
        <Input allowClear placeholder={t('channel.batchTag.placeholder')} autoFocus />
      </Form.Item>
    </FormModal>
  );
}
