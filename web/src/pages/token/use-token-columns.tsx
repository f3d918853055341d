import { TokenStatus, type TokenView } from '@relaygate/contract';
import { Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/CopyButton.tsx';
import { DateTime } from '../../components/DateTime.tsx';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { showSuccess } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { useIsMobile } from '../../components/use-is-mobile.ts';
import { TOKENS_QUERY_KEY, deleteToken, setTokenStatus } from './token-api.ts';
import { NEVER_EXPIRES } from './token-expiry.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import { limitsSummary } from './token-limits.ts';
import { fullKey, maskKey, toggledStatus, tokenColumnsInOrder, tokenStatusTag } from './token-view.ts';

/**
 * The token table's columns, with the row actions (how to call, edit, enable/disable, delete) wired
 * to the API; on a phone the columns worth reading first lead.
 */
export function useTokenColumns({
  onEdit,
  onGuide,
}: {
  onEdit: (token: TokenView) => void;
  onGuide: (token: TokenView) => void;
}): TableColumnsType<TokenView> {
  const { t } = useTranslation();
  const phone = useIsMobile();
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

  return tokenColumnsInOrder<TableColumnsType<TokenView>[number]>(
    [
      {
        title: t('common.name'),
        key: 'name',
        // Cut in the cell, not by a fixed table layout: the table sizes its columns to fit the card.
        render: (_, token) => (
          <Typography.Text ellipsis={{ tooltip: token.name }} style={{ maxWidth: phone ? 88 : 160 }}>
            {token.name}
          </Typography.Text>
        ),
      },
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
          <Space size={4} wrap={false}>
            <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
              {maskKey(token.key)}
            </Typography.Text>
            <CopyButton text={fullKey(token.key)} label={t('token.copyKey')} testId="token-copy" />
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
          token.expired_time === NEVER_EXPIRES ? (
            t('common.never')
          ) : (
            <DateTime seconds={token.expired_time} />
          ),
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
        // On a phone a fixed column would cover the lead; there it follows the lead instead.
        fixed: phone ? undefined : 'right',
        render: (_, token) => {
          const next = toggledStatus(token.status);
          return (
            <RowActions
              // Two buttons and a menu icon (on a phone just the menu): the widest column of the
              // table stays narrow enough for every column to fit the card at 1440 px.
              inline={phone ? 0 : 2}
              iconMore
              actions={[
                // The key's own cell copies it; this says where and how to send calls with it.
                { key: 'guide', label: t('token.guide.action'), onClick: () => onGuide(token) },
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
    ],
    phone,
  );
}
