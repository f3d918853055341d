import { CopyOutlined } from '@ant-design/icons';
import { TokenStatus, type TokenView } from '@relaygate/contract';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../components/DateTime.tsx';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { showSuccess } from '../../components/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { useCopy } from '../../components/use-copy.tsx';
import { TOKENS_QUERY_KEY, deleteToken, setTokenStatus } from './token-api.ts';
import { NEVER_EXPIRES } from './token-expiry.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import { limitsSummary } from './token-limits.ts';
import { fullKey, maskKey, toggledStatus, tokenStatusTag } from './token-view.ts';

/** The token table's columns, with the row actions (copy, edit, enable/disable, delete) wired to the API. */
export function useTokenColumns(onEdit: (token: TokenView) => void): TableColumnsType<TokenView> {
  const { t } = useTranslation();
  const copy = useCopy();
  const formatQuota = useFormatQuota();
  const display = useQuotaDisplay();
  const limitWords = {
    rpm: t('token.limitWords.rpm'),
    tpm: t('token.limitWords.tpm'),
    atOnce: t('token.limitWords.atOnce'),
    period: (period: string) =>
      ({
        daily: t('token.period.daily'),
        weekly: t('token.period.weekly'),
        monthly: t('token.period.monthly'),
      })[period] ?? period,
  };

  const toggle = useApiMutation(setTokenStatus, {
    invalidate: [TOKENS_QUERY_KEY],
    successMessage: false,
    onSuccess: (_, input) =>
      showSuccess(input.status === TokenStatus.Enabled ? t('token.enabledDone') : t('token.disabledDone')),
  });
  const remove = useApiMutation(deleteToken, {
    invalidate: [TOKENS_QUERY_KEY],
    successMessage: t('token.deleted'),
  });

  return [
    { title: t('common.name'), dataIndex: 'name', key: 'name', width: 160, ellipsis: { showTitle: true } },
    {
      title: t('common.status'),
      key: 'status',
      render: (_, token) => {
        const tag = tokenStatusTag(token);
        return <Tag color={tag.color}>{t(`token.status.${tag.label}`)}</Tag>;
      },
    },
    {
      title: t('token.key'),
      key: 'key',
      render: (_, token) => (
        <Space size={4}>
          <Typography.Text code>{maskKey(token.key)}</Typography.Text>
          <Tooltip title={t('token.copyKey')}>
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('token.copyKey')}
              data-testid="token-copy"
              onClick={() => void copy(fullKey(token.key))}
            />
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('token.usedQuota'),
      key: 'used_quota',
      render: (_, token) => formatQuota(token.used_quota),
    },
    {
      title: t('token.remainQuota'),
      key: 'remain_quota',
      render: (_, token) =>
        token.unlimited_quota ? <Tag>{t('token.unlimited')}</Tag> : formatQuota(token.remain_quota),
    },
    {
      title: t('common.createdTime'),
      key: 'created_time',
      render: (_, token) => <DateTime seconds={token.created_time} />,
    },
    {
      title: t('token.expiredTime'),
      key: 'expired_time',
      render: (_, token) =>
        token.expired_time === NEVER_EXPIRES ? t('common.never') : <DateTime seconds={token.expired_time} />,
    },
    {
      title: t('token.limits'),
      key: 'limits',
      render: (_, token) => limitsSummary(token, display, limitWords) || '—',
    },
    {
      title: t('common.group'),
      key: 'group',
      render: (_, token) => (token.group ? <Tag>{token.group}</Tag> : t('token.userGroup')),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, token) => {
        const next = toggledStatus(token.status);
        return (
          <RowActions
            actions={[
              { key: 'copy', label: t('common.copy'), onClick: () => copy(fullKey(token.key)) },
              { key: 'edit', label: t('common.edit'), onClick: () => onEdit(token) },
              next !== null && {
                key: 'toggle',
                label: next === TokenStatus.Enabled ? t('common.enable') : t('common.disable'),
                danger: next === TokenStatus.Disabled,
                onClick: () => toggle.mutate({ id: token.id, status: next }),
              },
              {
                key: 'delete',
                label: t('common.delete'),
                danger: true,
                confirm: t('token.deleteConfirm', { name: token.name }),
                onClick: () => remove.mutateAsync(token.id),
              },
            ]}
          />
        );
      },
    },
  ];
}
