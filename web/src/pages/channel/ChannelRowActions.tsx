import { ChannelStatus, type ChannelView } from '@relaygate/contract';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../components/RowActions.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { CHANNELS_KEY, channelApi } from './channel-api.ts';
import { toggledStatus } from './channel-status.ts';
import { useChannelTest } from './use-channel-test.ts';

export interface ChannelActionHandlers {
  onEdit: (channel: ChannelView) => void;
  onCopy: (channel: ChannelView) => void;
  onPickTestModel: (channel: ChannelView) => void;
}

/** Test, edit and enable/disable for one channel; testing another model, copy and delete under More. */
export function ChannelRowActions({
  channel,
  handlers,
}: {
  channel: ChannelView;
  handlers: ChannelActionHandlers;
}) {
  const { t } = useTranslation();
  const test = useChannelTest();
  const toggle = useApiMutation(
    () => channelApi.update({ id: channel.id, status: toggledStatus(channel.status) }),
    {
      invalidate: [CHANNELS_KEY],
      successMessage: () =>
        t(
          channel.status === ChannelStatus.Enabled
            ? 'channel.message.disabledOne'
            : 'channel.message.enabledOne',
          {
            name: channel.name,
          },
        ),
    },
  );
  const remove = useApiMutation(() => channelApi.remove(channel.id), {
    invalidate: [CHANNELS_KEY],
    successMessage: t('channel.message.deleted'),
  });
  const enabled = channel.status === ChannelStatus.Enabled;

  return (
    <RowActions
      actions={[
        {
          key: 'test',
          label: t('channel.action.test'),
          loading: test.isPending,
          onClick: () => test.mutate({ channel }),
        },
        { key: 'edit', label: t('common.edit'), onClick: () => handlers.onEdit(channel) },
        {
          key: 'toggle',
          label: enabled ? t('common.disable') : t('common.enable'),
          danger: enabled,
          loading: toggle.isPending,
          onClick: () => toggle.mutate(undefined),
        },
        { key: 'pick', label: t('channel.test.pick'), onClick: () => handlers.onPickTestModel(channel) },
        { key: 'copy', label: t('common.copy'), onClick: () => handlers.onCopy(channel) },
        {
          key: 'delete',
          label: t('common.delete'),
          danger: true,
          confirm: t('channel.confirm.delete', { name: channel.name }),
          onClick: () => remove.mutateAsync(undefined),
        },
      ]}
    />
  );
}
