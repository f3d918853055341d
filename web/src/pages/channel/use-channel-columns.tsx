import type { ChannelTypeOption } from '@relaygate/contract';
import { Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { CHANNELS_KEY, channelApi } from './channel-api.ts';
import { BreakerTags } from './BreakerTags.tsx';
import { BalanceCell, GroupsCell, NameCell, LastTestCell, StatusCell } from './ChannelCells.tsx';
import type { ChannelColumn, ColumnChoice } from './channel-columns.ts';
import { MIN_PRIORITY, MIN_WEIGHT } from './channel-form.ts';
import { ChannelRowActions, type ChannelActionHandlers } from './ChannelRowActions.tsx';
import { InlineNumber } from './InlineNumber.tsx';
import type { ChannelRow } from './tag-rows.ts';
import { TagRowActions } from './TagRowActions.tsx';

type Column = TableColumnsType<ChannelRow>[number] & { key: ChannelColumn | 'actions' };

/** The table's columns, those the user hid left out; tag rows fill the columns that apply to a tag. */
export function useChannelColumns(
  choice: ColumnChoice,
  types: ChannelTypeOption[] | undefined,
  handlers: ChannelActionHandlers & { onEditTag: (tag: string) => void },
): TableColumnsType<ChannelRow> {
  const { t } = useTranslation();
  const formatQuota = useFormatQuota();
  const update = useApiMutation(channelApi.update, {
    invalidate: [CHANNELS_KEY],
    successMessage: (channel) => t('channel.message.savedOne', { name: channel.name }),
  });
  const editTag = useApiMutation(channelApi.editTag, {
    invalidate: [CHANNELS_KEY],
    successMessage: (_count, { tag }) => t('channel.message.tagSaved', { tag }),
  });
  const typeName = (id: number) =>
    types?.find((type) => type.id === id)?.name ?? t('channel.type.unknown', { id });

  const numberColumn = (field: 'priority' | 'weight', min: number): Column => ({
    key: field,
    title: t(`channel.field.${field}`),
    width: 100,
    render: (_value, row) =>
      row.kind === 'tag' ? (
        <InlineNumber
          value={null}
          min={min}
          label={t(`channel.field.${field}`)}
          placeholder={t('channel.tag.placeholder')}
          onSave={(value) => editTag.mutateAsync({ tag: row.tag, [field]: value })}
        />
      ) : (
        <InlineNumber
          value={row.channel[field]}
          min={min}
          label={t(`channel.field.${field}`)}
          onSave={(value) => update.mutateAsync({ id: row.channel.id, [field]: value })}
        />
      ),
  });

  const columns: Column[] = [
    {
      key: 'id',
      title: t('common.id'),
      width: 80,
      render: (_value, row) => (row.kind === 'tag' ? null : row.channel.id),
    },
    {
      key: 'name',
      title: t('common.name'),
      render: (_value, row) =>
        row.kind === 'tag' ? (
          <Typography.Text strong>
            <Tag color="blue">{row.tag}</Tag>
            {t('channel.tag.count', { count: row.children.length })}
          </Typography.Text>
        ) : (
          <NameCell channel={row.channel} />
        ),
    },
    {
      key: 'group',
      title: t('common.group'),
      render: (_value, row) => <GroupsCell group={row.kind === 'tag' ? row.groups : row.channel.group} />,
    },
    {
      key: 'type',
      title: t('channel.field.type'),
      render: (_value, row) => (row.kind === 'tag' ? null : typeName(row.channel.type)),
    },
    {
      key: 'status',
      title: t('common.status'),
      render: (_value, row) =>
        row.kind === 'tag' ? (
          <StatusCell status={row.enabled ? 1 : 2} />
        ) : (
          <Space size={4} wrap>
            <StatusCell status={row.channel.status} otherInfo={row.channel.other_info} />
            <BreakerTags breakers={row.channel.breakers} />
          </Space>
        ),
    },
    {
      key: 'responseTime',
      title: t('channel.field.responseTime'),
      render: (_value, row) => (row.kind === 'tag' ? null : <LastTestCell channel={row.channel} />),
    },
    {
      key: 'balance',
      title: t('channel.field.balance'),
      render: (_value, row) =>
        row.kind === 'tag' ? <Tag>{formatQuota(row.usedQuota)}</Tag> : <BalanceCell channel={row.channel} />,
    },
    numberColumn('priority', MIN_PRIORITY),
    numberColumn('weight', MIN_WEIGHT),
  ];

  const actions: Column = {
    key: 'actions',
    title: t('common.actions'),
    fixed: 'right',
    render: (_value, row) =>
      row.kind === 'tag' ? (
        <TagRowActions tag={row.tag} onEdit={handlers.onEditTag} />
      ) : (
        <ChannelRowActions channel={row.channel} handlers={handlers} />
      ),
  };

  return [
    ...columns.filter((column) => column.key === 'actions' || choice[column.key as ChannelColumn]),
    actions,
  ];
}
