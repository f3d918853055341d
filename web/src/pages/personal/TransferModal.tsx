import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal.tsx';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import { checkTransfer, transferBounds } from './invite.ts';
import { transferAffQuota } from './personal-api.ts';
import { SELF_KEY } from '../../api/self.ts';

/** Moves pending invite quota to the balance (POST /api/user/aff_transfer), then reloads the user. */
export function TransferModal({
  open,
  pending,
  onClose,
}: {
  open: boolean;
  pending: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const formatQuota = useFormatQuota();
  const [form] = Form.useForm<{ amount: number }>();
  const bounds = transferBounds(pending, display);
  const transfer = useApiMutation(transferAffQuota, {
    invalidate: [SELF_KEY],
    successMessage: (_result, quota) => t('personal.invite.transferred', { amount: formatQuota(quota) }),
    onSuccess: onClose,
  });

  return (
    <FormModal
      title={t('personal.invite.transferTitle')}
      open={open}
      onCancel={onClose}
      okText={t('personal.invite.transfer')}
      loading={transfer.isPending}
      form={form}
      name="affTransfer"
      initialValues={{ amount: Math.max(bounds.min, bounds.max) }}
      onFinish={({ amount }) => transfer.mutate(checkTransfer(amount, pending, display).quota)}
    >
      <Form.Item
        name="amount"
        label={t('personal.invite.amount')}
        extra={t('personal.invite.amountHint', {
          min: formatQuota(display.quotaPerUnit),
          max: formatQuota(pending),
        })}
        rules={[
          {
            validator: async (_, value: number) => {
              const { error } = checkTransfer(value, pending, display);
              if (error === 'tooSmall')
                throw new Error(t('personal.invite.tooSmall', { min: formatQuota(display.quotaPerUnit) }));
              if (error === 'tooLarge') throw new Error(t('personal.invite.tooLarge'));
            },
          },
        ]}
      >
        <InputNumber min={0} step={bounds.min} style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
