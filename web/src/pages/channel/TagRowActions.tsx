import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../components/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { CHANNELS_KEY, channelApi } from './channel-api.ts';

/** A tag row: enable or disable all its channels, or edit them together. */
export function TagRowActions({ tag, onEdit }: { tag: string; onEdit: (tag: string) => void }) {
  const { t } = useTranslation();
  const setStatus = useApiMutation((enabled: boolean) => channelApi.setTagStatus(tag, enabled), {
    invalidate: [CHANNELS_KEY],
    successMessage: false,
    onSuccess: (count, enabled) =>
      showSuccess(t(enabled ? 'channel.tag.enabledCount' : 'channel.tag.disabledCount', { count })),
  });
  const pending = setStatus.isPending ? setStatus.variables : undefined;
  return (
    <Space size={4} wrap>
      <Button size="small" loading={pending === true} onClick={() => setStatus.mutate(true)}>
        {t('channel.tag.enableAll')}
      </Button>
      <Button size="small" danger loading={pending === false} onClick={() => setStatus.mutate(false)}>
        {t('channel.tag.disableAll')}
      </Button>
      <Button size="small" onClick={() => onEdit(tag)}>
        {t('channel.tag.edit')}
      </Button>
    </Space>
  );
}
