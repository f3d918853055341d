import { Form, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import { checkTransfer, transferBounds } from './invite.ts';
import { personalKeys, transferAffQuota } from './personal-api.ts';

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
  const transfer = useApiMutation(transferAffQuota, { invalidate: [personalKeys.self], onSuccess: onClose });

  return (
    <Modal
      title={t('personal.invite.transferTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('personal.invite.transfer')}
      cancelText={t('common.cancel')}
      confirmLoading={transfer.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="affTransfer"
        layout="vertical"
        preserve={false}
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
      </Form>
    </Modal>
  );
}
