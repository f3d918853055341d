import { LogType, type LogView } from '@relaygate/contract';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../components/DateTime.tsx';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { DetailParts } from './DetailParts.tsx';
import type { LogColumnKey } from './log-columns.ts';
import {
  detailParts,
  durationColor,
  frtColor,
  frtSeconds,
  logTypeTag,
  parseOther,
  refusedByLimit,
  shownContent,
  upstreamModel,
} from './log-format.ts';

type Column = TableColumnType<LogView>;

/** A tag cut to a width, the whole text in its tooltip: long token and model names keep every column in view. */
function ClippedTag({ text, width }: { text: string; width: number }) {
  return (
    <Tag
      title={text}
      style={{ maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'top' }}
    >
      {text}
    </Tag>
  );
}

/** The log table's columns in the given order (already filtered by role and the column choice). */
export function useLogColumns(
  keys: LogColumnKey[],
  admin: boolean,
  onUserClick: (userId: number) => void,
): TableColumnsType<LogView> {
  const { t } = useTranslation();
  const formatQuota = useFormatQuota();

  const columns: Record<LogColumnKey, Column> = {
    time: {
      title: t('log.column.time'),
      render: (_, row) => <DateTime seconds={row.created_at} />,
    },
    channel: {
      title: t('log.column.channel'),
      render: (_, row) =>
        row.channel ? (
          <Tooltip title={row.channel_name || undefined}>
            <Tag>{row.channel}</Tag>
          </Tooltip>
        ) : null,
    },
    username: {
      title: t('log.column.username'),
      render: (_, row) =>
        row.username ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onUserClick(row.user_id)}>
            {row.username}
          </Button>
        ) : null,
    },
    token: {
      title: t('log.column.token'),
      render: (_, row) => (row.token_name ? <ClippedTag text={row.token_name} width={100} /> : null),
    },
    group: {
      title: t('log.column.group'),
      render: (_, row) => (row.group ? <Tag>{row.group}</Tag> : null),
    },
    type: {
      title: t('log.column.type'),
      render: (_, row) => {
        const tag = logTypeTag(row.type);
        return <Tag color={tag.color}>{t(`log.type.${tag.label}`)}</Tag>;
      },
    },
    model: {
      title: t('log.column.model'),
      render: (_, row) => {
        if (!row.model_name) return null;
        const upstream = upstreamModel(parseOther(row.other), row.model_name);
        return (
          <Space orientation="vertical" size={0}>
            <ClippedTag text={row.model_name} width={140} />
            {upstream && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('log.upstream', { model: upstream })}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
    useTime: {
      title: t('log.column.useTime'),
      width: 110,
      render: (_, row) => {
        if (row.type !== LogType.Consume && row.type !== LogType.Error) return null;
        if (refusedByLimit(row)) return null;
        const frt = parseOther(row.other).frt;
        return (
          <Space size={2} wrap>
            <Tag color={durationColor(row.use_time)}>{t('log.seconds', { seconds: row.use_time })}</Tag>
            {typeof frt === 'number' && frt > 0 && (
              <Tag color={frtColor(frtSeconds(frt))}>
                {t('log.frt', { seconds: frtSeconds(frt).toFixed(1) })}
              </Tag>
            )}
            <Tag color={row.is_stream ? 'blue' : 'purple'}>
              {row.is_stream ? t('log.stream') : t('log.notStream')}
            </Tag>
          </Space>
        );
      },
    },
    prompt: {
      title: t('log.column.prompt'),
      render: (_, row) => (row.type === LogType.Consume ? row.prompt_tokens : null),
    },
    completion: {
      title: t('log.column.completion'),
      render: (_, row) => (row.type === LogType.Consume ? row.completion_tokens : null),
    },
    quota: {
      title: t('log.column.quota'),
      render: (_, row) => (row.quota ? formatQuota(row.quota) : null),
    },
    details: {
      title: t('log.column.details'),
      // Wide enough to read, narrow enough that every column fits at 1440 px; long texts fold.
      width: 220,
      render: (_, row) => {
        const parts = detailParts(parseOther(row.other), admin);
        const content = shownContent(row, parts);
        return (
          <div style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
            {content && (
              <Typography.Paragraph
                type={row.type === LogType.Error ? 'danger' : undefined}
                ellipsis={{ rows: 3, expandable: 'collapsible' }}
                style={{ marginBottom: 0 }}
              >
                {content}
              </Typography.Paragraph>
            )}
            {parts.length > 0 && <DetailParts parts={parts} />}
          </div>
        );
      },
    },
  };

  return keys.map((key) => ({ ...columns[key], key }));
}
