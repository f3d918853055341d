import { CopyOutlined } from '@ant-design/icons';
import { RedemptionStatus, type RedemptionView } from '@relaygate/contract';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { showSuccess } from '../../components/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { useCopy } from '../../components/use-copy.tsx';
import { formatTimestamp } from '../../lib/time.ts';
import { REDEMPTIONS_QUERY_KEY, deleteRedemption, setRedemptionStatus } from './redemption-api.ts';
import { canEditRedemption, redemptionStatusTag, toggledRedemptionStatus } from './redemption-form.ts';

const maskCode = (key: string) => (key.length <= 8 ? key : `${key.slice(0, 4)}…${key.slice(-4)}`);

/** The code table's columns, with the row actions (copy, edit, enable/disable, delete). */
export function useRedemptionColumns(
  onEdit: (code: RedemptionView) => void,
): TableColumnsType<RedemptionView> {
  const { t } = useTranslation();
  const copy = useCopy();
  const formatQuota = useFormatQuota();

  const toggle = useApiMutation(setRedemptionStatus, {
    invalidate: [REDEMPTIONS_QUERY_KEY],
    successMessage: false,
    onSuccess: (_, input) =>
      showSuccess(
        input.status === RedemptionStatus.Unused ? t('redemption.enabledDone') : t('redemption.disabledDone'),
      ),
  });
  const remove = useApiMutation(deleteRedemption, {
    invalidate: [REDEMPTIONS_QUERY_KEY],
    successMessage: t('redemption.deleted'),
  });

  return [
    { title: t('common.id'), dataIndex: 'id', key: 'id' },
    { title: t('common.name'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('common.status'),
      key: 'status',
      render: (_, code) => {
        const tag = redemptionStatusTag(code.status);
        return <Tag color={tag.color}>{t(`redemption.status.${tag.label}`)}</Tag>;
      },
    },
    {
      title: t('redemption.key'),
      key: 'key',
      render: (_, code) => (
        <Space size={4}>
          <Typography.Text code>{maskCode(code.key)}</Typography.Text>
          <Tooltip title={t('redemption.copyKey')}>
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('redemption.copyKey')}
              data-testid="redemption-copy"
              onClick={() => void copy(code.key)}
            />
          </Tooltip>
        </Space>
      ),
    },
    { title: t('common.quota'), key: 'quota', render: (_, code) => formatQuota(code.quota) },
    {
      title: t('common.createdTime'),
      key: 'created_time',
      render: (_, code) => formatTimestamp(code.created_time),
    },
    {
      title: t('redemption.expiredTime'),
      key: 'expired_time',
      render: (_, code) => (code.expired_time > 0 ? formatTimestamp(code.expired_time) : t('common.never')),
    },
    {
      title: t('redemption.redeemedTime'),
      key: 'redeemed_time',
      render: (_, code) => formatTimestamp(code.redeemed_time),
    },
    {
      title: t('redemption.usedUser'),
      key: 'used_user_id',
      render: (_, code) => (code.used_user_id > 0 ? code.used_user_id : ''),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, code) => {
        const next = toggledRedemptionStatus(code.status);
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => void copy(code.key)}>
              {t('common.copy')}
            </Button>
            <Button
              type="link"
              size="small"
              disabled={!canEditRedemption(code.status)}
              onClick={() => onEdit(code)}
            >
              {t('common.edit')}
            </Button>
            <Button
              type="link"
              size="small"
              disabled={next === null}
              danger={next === RedemptionStatus.Disabled}
              onClick={() => next !== null && toggle.mutate({ id: code.id, status: next })}
            >
              {next === RedemptionStatus.Unused ? t('common.enable') : t('common.disable')}
            </Button>
            <Popconfirm
              title={t('redemption.deleteConfirm', { name: code.name })}
              okText={t('common.delete')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(code.id)}
            >
              <Button type="link" size="small" danger>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];
}
