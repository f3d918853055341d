import { CopyOutlined } from '@ant-design/icons';
import { RedemptionStatus, type RedemptionView } from '@relaygate/contract';
import { Button, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../components/DateTime.tsx';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { showSuccess } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { useCopy } from '../../components/use-copy.tsx';
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
      render: (_, code) => <DateTime seconds={code.created_time} />,
    },
    {
      title: t('redemption.expiredTime'),
      key: 'expired_time',
      render: (_, code) =>
        code.expired_time > 0 ? <DateTime seconds={code.expired_time} /> : t('common.never'),
    },
    {
      title: t('redemption.redeemedTime'),
      key: 'redeemed_time',
      render: (_, code) => <DateTime seconds={code.redeemed_time} />,
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
          <RowActions
            actions={[
              { key: 'copy', label: t('common.copy'), onClick: () => copy(code.key) },
              {
                key: 'edit',
                label: t('common.edit'),
                disabled: !canEditRedemption(code.status),
                onClick: () => onEdit(code),
              },
              next !== null && {
                key: 'toggle',
                label: next === RedemptionStatus.Unused ? t('common.enable') : t('common.disable'),
                danger: next === RedemptionStatus.Disabled,
                onClick: () => toggle.mutate({ id: code.id, status: next }),
              },
              {
                key: 'delete',
                label: t('common.delete'),
                danger: true,
                confirm: t('redemption.deleteConfirm', { name: code.name }),
                onClick: () => remove.mutateAsync(code.id),
              },
            ]}
          />
        );
      },
    },
  ];
}
