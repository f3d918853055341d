import { PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../components/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { CHANNELS_KEY, channelApi } from './channel-api.ts';

export interface ToolbarProps {
  selectedIds: number[];
  idSort: boolean;
  tagMode: boolean;
  onIdSort: (on: boolean) => void;
  onTagMode: (on: boolean) => void;
  onAdd: () => void;
  onBatchTag: () => void;
  onColumns: () => void;
  onRefresh: () => void;
  onDeleted: () => void;
}

/** Actions on many channels at once, and the list's view switches. */
export function ChannelToolbar(props: ToolbarProps) {
  const { t } = useTranslation();
  const invalidate = [CHANNELS_KEY];
  const testAll = useApiMutation(channelApi.testAll, {
    invalidate,
    successMessage: t('channel.message.testAllStarted'),
  });
  const balances = useApiMutation(channelApi.updateAllBalances, {
    invalidate,
    successMessage: false,
    onSuccess: (result) => showSuccess(t('channel.message.balancesUpdated', { ...result })),
  });
  const removeDisabled = useApiMutation(channelApi.removeDisabled, {
    invalidate,
    successMessage: false,
    onSuccess: (count) => showSuccess(t('channel.message.deletedCount', { count })),
  });
  const removeMany = useApiMutation(channelApi.removeMany, {
    invalidate,
    successMessage: false,
    onSuccess: (count) => {
      showSuccess(t('channel.message.deletedCount', { count }));
      props.onDeleted();
    },
  });
  const fix = useApiMutation(channelApi.fix, {
    invalidate,
    successMessage: false,
    onSuccess: (count) => showSuccess(t('channel.message.fixed', { count })),
  });
  const noSelection = props.selectedIds.length === 0;

  return (
    <Space wrap style={{ margin: '16px 0' }}>
      <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid="channel-add">
        {t('channel.toolbar.add')}
      </Button>
      <Popconfirm title={t('channel.confirm.testAll')} onConfirm={() => testAll.mutateAsync()}>
        <Button loading={testAll.isPending}>{t('channel.toolbar.testAll')}</Button>
      </Popconfirm>
      <Popconfirm title={t('channel.confirm.updateBalances')} onConfirm={() => balances.mutateAsync()}>
        <Button loading={balances.isPending}>{t('channel.toolbar.updateBalances')}</Button>
      </Popconfirm>
      <Popconfirm
        title={t('channel.confirm.deleteDisabled')}
        okButtonProps={{ danger: true }}
        onConfirm={() => removeDisabled.mutateAsync()}
      >
        <Button danger loading={removeDisabled.isPending}>
          {t('channel.toolbar.deleteDisabled')}
        </Button>
      </Popconfirm>
      {noSelection ? (
        <Button danger onClick={() => showError(new Error(t('channel.error.selectToDelete')))}>
          {t('channel.toolbar.deleteSelected')}
        </Button>
      ) : (
        <Popconfirm
          title={t('channel.confirm.deleteSelected', { count: props.selectedIds.length })}
          okButtonProps={{ danger: true }}
          onConfirm={() => removeMany.mutateAsync(props.selectedIds)}
        >
          <Button danger loading={removeMany.isPending}>
            {t('channel.toolbar.deleteSelected')}
          </Button>
        </Popconfirm>
      )}
      <Button
        onClick={() =>
          noSelection ? showError(new Error(t('channel.error.selectFirst'))) : props.onBatchTag()
        }
      >
        {t('channel.toolbar.batchTag')}
      </Button>
      <Popconfirm title={t('channel.confirm.fix')} onConfirm={() => fix.mutateAsync()}>
        <Button loading={fix.isPending}>{t('channel.toolbar.fix')}</Button>
      </Popconfirm>
      <Space size={4}>
        <Switch id="channel_id_sort" checked={props.idSort} onChange={props.onIdSort} />
        <label htmlFor="channel_id_sort">{t('channel.toolbar.idSort')}</label>
      </Space>
      <Space size={4}>
        <Switch id="channel_tag_mode" checked={props.tagMode} onChange={props.onTagMode} />
        <label htmlFor="channel_tag_mode">{t('channel.toolbar.tagMode')}</label>
      </Space>
      <Button icon={<SettingOutlined />} onClick={props.onColumns}>
        {t('channel.toolbar.columns')}
      </Button>
      <Button icon={<ReloadOutlined />} onClick={props.onRefresh}>
        {t('common.refresh')}
      </Button>
    </Space>
  );
}
