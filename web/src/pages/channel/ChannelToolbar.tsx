import { PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Flex, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoreActions, type RowAction } from '../../components/RowActions.tsx';
import { showError, showSuccess } from '../../api/feedback.ts';
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
  const selectFirst = (key: string) => () => showError(new Error(t(key)));

  // Actions on many channels at once sit under one menu, each confirmed: the bar stays one line.
  const batch: RowAction[] = [
    {
      key: 'testAll',
      label: t('channel.toolbar.testAll'),
      confirm: t('channel.confirm.testAll'),
      onClick: () => testAll.mutateAsync(),
    },
    {
      key: 'updateBalances',
      label: t('channel.toolbar.updateBalances'),
      confirm: t('channel.confirm.updateBalances'),
      onClick: () => balances.mutateAsync(),
    },
    {
      key: 'batchTag',
      label: t('channel.toolbar.batchTag'),
      onClick: noSelection ? selectFirst('channel.error.selectFirst') : props.onBatchTag,
    },
    {
      key: 'fix',
      label: t('channel.toolbar.fix'),
      confirm: t('channel.confirm.fix'),
      onClick: () => fix.mutateAsync(),
    },
    {
      key: 'deleteSelected',
      label: t('channel.toolbar.deleteSelected'),
      danger: true,
      confirm: noSelection
        ? undefined
        : t('channel.confirm.deleteSelected', { count: props.selectedIds.length }),
      onClick: noSelection
        ? selectFirst('channel.error.selectToDelete')
        : () => removeMany.mutateAsync(props.selectedIds),
    },
    {
      key: 'deleteDisabled',
      label: t('channel.toolbar.deleteDisabled'),
      danger: true,
      confirm: t('channel.confirm.deleteDisabled'),
      onClick: () => removeDisabled.mutateAsync(),
    },
  ];
  const busy = [testAll, balances, fix, removeMany, removeDisabled].some((action) => action.isPending);

  return (
    <Flex wrap gap={8} align="center" style={{ margin: '16px 0' }}>
      <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid="channel-add">
        {t('channel.toolbar.add')}
      </Button>
      <MoreActions actions={batch} label={t('channel.toolbar.batch')} loading={busy} testId="channel-batch" />
      <Button icon={<ReloadOutlined />} onClick={props.onRefresh}>
        {t('common.refresh')}
      </Button>
      <Button icon={<SettingOutlined />} onClick={props.onColumns}>
        {t('channel.toolbar.columns')}
      </Button>
      <Space size={4}>
        <Switch id="channel_id_sort" checked={props.idSort} onChange={props.onIdSort} />
        <label htmlFor="channel_id_sort">{t('channel.toolbar.idSort')}</label>
      </Space>
      <Space size={4}>
        <Switch id="channel_tag_mode" checked={props.tagMode} onChange={props.onTagMode} />
        <label htmlFor="channel_tag_mode">{t('channel.toolbar.tagMode')}</label>
      </Space>
    </Flex>
  );
}
