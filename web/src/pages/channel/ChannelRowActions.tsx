import { DownOutlined } from '@ant-design/icons';
import { ChannelStatus, type ChannelView } from '@relaygate/contract';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { CHANNELS_KEY, channelApi } from './channel-api.ts';
import { toggledStatus } from './channel-status.ts';
import { useChannelTest } from './use-channel-test.ts';

export interface ChannelActionHandlers {
  onEdit: (channel: ChannelView) => void;
  onCopy: (channel: ChannelView) => void;
  onPickTestModel: (channel: ChannelView) => void;
}

/** Test (with its model picker), enable/disable, edit, copy and delete for one channel. */
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
    },
  );
  const remove = useApiMutation(() => channelApi.remove(channel.id), {
    invalidate: [CHANNELS_KEY],
    successMessage: t('channel.message.deleted'),
  });
  const enabled = channel.status === ChannelStatus.Enabled;

  return (
    <Space size={4} wrap>
      <Space.Compact size="small">
        <Button loading={test.isPending} onClick={() => test.mutate({ channel })}>
          {t('channel.action.test')}
        </Button>
        <Tooltip title={t('channel.test.pick')}>
          <Button
            icon={<DownOutlined />}
            aria-label={t('channel.test.pick')}
            onClick={() => handlers.onPickTestModel(channel)}
          />
        </Tooltip>
      </Space.Compact>
      <Button
        size="small"
        danger={enabled}
        loading={toggle.isPending}
        onClick={() => toggle.mutate(undefined)}
      >
        {enabled ? t('common.disable') : t('common.enable')}
      </Button>
      <Button size="small" onClick={() => handlers.onEdit(channel)}>
        {t('common.edit')}
      </Button>
      <Button size="small" onClick={() => handlers.onCopy(channel)}>
        {t('common.copy')}
      </Button>
      <Popconfirm
        title={t('channel.confirm.delete', { name: channel.name })}
        onConfirm={() => remove.mutateAsync(undefined)}
        okButtonProps={{ danger: true }}
      >
        <Button size="small" danger type="primary" loading={remove.isPending}>
          {t('common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
