import { useTranslation } from 'react-i18next';
import { RowActions } from '../../components/RowActions.tsx';
import { showSuccess } from '../../api/feedback.ts';
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
    <RowActions
      actions={[
        { key: 'edit', label: t('channel.tag.edit'), onClick: () => onEdit(tag) },
        {
          key: 'enable',
          label: t('channel.tag.enableAll'),
          loading: pending === true,
          onClick: () => setStatus.mutate(true),
        },
        {
          key: 'disable',
          label: t('channel.tag.disableAll'),
          danger: true,
          loading: pending === false,
          onClick: () => setStatus.mutate(false),
        },
      ]}
    />
  );
}
