import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import type { ChannelView } from '@relaygate/contract';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../api/feedback.ts';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { formatTimestamp } from '../../lib/time.ts';
import { CHANNELS_KEY, channelApi } from './channel-api.ts';
import {
  STATUS_COLOUR,
  balanceText,
  formatBalance,
  millisecondsToSeconds,
  parseOtherInfo,
  splitNames,
  statusKind,
} from './channel-status.ts';
import { lastTestColour, lastTestKind, shownError } from './last-test.ts';

/** Name with its tag and remark. */
export function NameCell({ channel }: { channel: ChannelView }) {
  return (
    <Space size={4} wrap>
      <span>{channel.name}</span>
      {channel.tag ? <Tag color="blue">{channel.tag}</Tag> : null}
      {channel.remark ? (
        <Tooltip title={channel.remark}>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 140 }}>
            {channel.remark}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/** Enabled / disabled / auto-disabled; the last with its reason and time. */
export function StatusCell({ status, otherInfo }: { status: number; otherInfo?: string | null }) {
  const { t } = useTranslation();
  const kind = statusKind(status);
  const tag = <Tag color={STATUS_COLOUR[kind]}>{t(`channel.status.${kind}`)}</Tag>;
  if (kind !== 'autoDisabled') return tag;
  const info = parseOtherInfo(otherInfo);
  const title = (
    <>
      <div>{t('channel.status.reason', { reason: info.status_reason || t('common.unknown') })}</div>
      <div>{t('channel.status.time', { time: formatTimestamp(info.status_time ?? 0) || '-' })}</div>
    </>
  );
  return <Tooltip title={title}>{tag}</Tooltip>;
}

/**
 * How the last test went: a failure as a red "Test failed", with why, when and how long in its
 * tooltip; a pass as its time coloured by speed; a time from before outcomes were kept in grey.
 */
export function LastTestCell({ channel }: { channel: ChannelView }) {
  const { t } = useTranslation();
  const kind = lastTestKind(channel);
  const seconds = millisecondsToSeconds(channel.response_time);
  const tested = formatTimestamp(channel.test_time);
  const error = shownError(channel.test_error);
  const lines = [
    kind === 'failed' &&
      (error ? t('channel.responseTime.failedBecause', { error }) : t('channel.responseTime.noReason')),
    kind === 'passed' && t('channel.responseTime.passed'),
    kind === 'unrecorded' && t('channel.responseTime.unrecorded'),
    tested && t('channel.responseTime.testedAt', { time: tested }),
    kind !== 'untested' && t('channel.responseTime.took', { time: seconds }),
  ].filter((line): line is string => typeof line === 'string' && line !== '');
  const label =
    kind === 'failed'
      ? t('channel.responseTime.failed')
      : kind === 'untested'
        ? t('channel.responseTime.untested')
        : t('channel.responseTime.seconds', { time: seconds });
  const icon =
    kind === 'failed' ? <CloseCircleOutlined /> : kind === 'passed' ? <CheckCircleOutlined /> : undefined;
  return (
    <Tooltip
      title={lines.length > 0 ? lines.map((line) => <div key={line}>{line}</div>) : undefined}
      styles={{ root: { maxWidth: 360, overflowWrap: 'anywhere' } }}
    >
      <Tag color={lastTestColour(channel)} icon={icon} data-testid="channel-last-test" data-outcome={kind}>
        {label}
      </Tag>
    </Tooltip>
  );
}

/** Used quota, and the upstream balance: a click asks the upstream again. */
export function BalanceCell({ channel }: { channel: ChannelView }) {
  const { t } = useTranslation();
  const formatQuota = useFormatQuota();
  const update = useApiMutation(() => channelApi.updateBalance(channel.id), {
    invalidate: [CHANNELS_KEY],
    successMessage: false,
    onSuccess: ({ balance, currency }) =>
      showSuccess(t('channel.balance.updated', { balance: formatBalance(balance, currency) })),
  });
  const updated = formatTimestamp(channel.balance_updated_time);
  return (
    <Space size={4} wrap>
      <Tooltip title={t('channel.balance.used')}>
        <Tag color="default">{formatQuota(channel.used_quota)}</Tag>
      </Tooltip>
      <Tooltip
        title={
          updated
            ? t('channel.balance.clickToUpdateAt', { time: updated })
            : t('channel.balance.clickToUpdate')
        }
      >
        <Tag
          color={channel.balance_updated_time > 0 ? 'blue' : 'default'}
          data-testid="channel-balance"
          style={{ cursor: update.isPending ? 'wait' : 'pointer' }}
          onClick={() => !update.isPending && update.mutate(undefined)}
        >
          {update.isPending ? t('common.loading') : (balanceText(channel) ?? t('channel.balance.notFetched'))}
        </Tag>
      </Tooltip>
    </Space>
  );
}

/** The channel's groups as tags. */
export function GroupsCell({ group }: { group: string | string[] }) {
  const names = Array.isArray(group) ? group : splitNames(group);
  return (
    <Space size={2} wrap>
      {names.map((name) => (
        <Tag key={name}>{name}</Tag>
      ))}
    </Space>
  );
}
