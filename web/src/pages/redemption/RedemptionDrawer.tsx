import type { RedemptionView } from '@relaygate/contract';
import { Button, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRule } from '../../components/check-rule.ts';
import { FormDrawer } from '../../components/FormDrawer.tsx';
import { showSuccess } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { amountPrefix, formatQuota, quotaToInput } from '../../lib/quota.ts';
import { DATE_TIME_FORMAT } from '../../lib/time.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import { REDEMPTIONS_QUERY_KEY, createRedemptions, updateRedemption } from './redemption-api.ts';
import {
  REDEMPTION_QUOTA_PRESETS,
  emptyRedemptionForm,
  formToRedemptionPayload,
  isValidRedemptionCount,
  isValidRedemptionName,
  isValidRedemptionQuota,
  redemptionToForm,
  type RedemptionFormValues,
} from './redemption-form.ts';

/** Create (code undefined) or edit a redemption code; a create hands the new codes to `onCreated`. */
export function RedemptionDrawer({
  open,
  code,
  onClose,
  onCreated,
}: {
  open: boolean;
  code?: RedemptionView;
  onClose: () => void;
  onCreated: (codes: string[], name: string) => void;
}) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const [form] = Form.useForm<RedemptionFormValues>();
  const editing = code !== undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(code ? redemptionToForm(code, display) : emptyRedemptionForm(display));
    // Reset only when the drawer opens for a code, not on every status refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, code, form]);

  const save = useApiMutation(
    async (values: RedemptionFormValues) => {
      const payload = formToRedemptionPayload(values, display, code?.id);
      if (editing) {
        await updateRedemption(payload);
        return { keys: [] as string[], name: payload.name };
      }
      return { keys: await createRedemptions(payload), name: payload.name };
    },
    {
      invalidate: [REDEMPTIONS_QUERY_KEY],
      successMessage: false,
      onSuccess: ({ keys, name }) => {
        showSuccess(
          editing ? t('redemption.form.updated') : t('redemption.form.created', { count: keys.length }),
        );
        onClose();
        if (!editing) onCreated(keys, name);
      },
    },
  );

  return (
    <FormDrawer
      open={open}
      title={editing ? t('redemption.form.editTitle') : t('redemption.form.createTitle')}
      form={form}
      name="redemption"
      saving={save.isPending}
      onClose={onClose}
      onSubmit={(values) => save.mutate(values)}
      submitTestId="redemption-submit"
    >
      <Form.Item
        name="name"
        label={t('redemption.form.name')}
        rules={[
          checkRule((value) => isValidRedemptionName(value, !editing), t('redemption.form.nameInvalid')),
        ]}
      >
        <Input placeholder={t('redemption.form.namePlaceholder')} allowClear />
      </Form.Item>
      <Form.Item label={t('redemption.form.quota')} required>
        <Form.Item
          name="quota"
          noStyle
          rules={[
            checkRule((value) => isValidRedemptionQuota(value, display), t('redemption.form.quotaInvalid')),
          ]}
        >
          <InputNumber
            min={0}
            style={{ width: '100%' }}
            prefix={amountPrefix(display)}
            data-testid="redemption-quota"
          />
        </Form.Item>
        <Space wrap style={{ marginTop: 8 }}>
          {REDEMPTION_QUOTA_PRESETS.map((quota) => (
            <Button
              key={quota}
              size="small"
              onClick={() => form.setFieldsValue({ quota: quotaToInput(quota, display) })}
            >
              {formatQuota(quota, display)}
            </Button>
          ))}
        </Space>
      </Form.Item>
      <Form.Item name="expired_time" label={t('redemption.form.expiredTime')}>
        <DatePicker
          showTime
          format={DATE_TIME_FORMAT}
          placeholder={t('redemption.form.expiryPlaceholder')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      {!editing && (
        <Form.Item
          name="count"
          label={t('redemption.form.count')}
          rules={[checkRule(isValidRedemptionCount, t('redemption.form.countInvalid'))]}
        >
          <InputNumber
            min={1}
            max={100}
            precision={0}
            style={{ width: '100%' }}
            data-testid="redemption-count"
          />
        </Form.Item>
      )}
    </FormDrawer>
  );
}
