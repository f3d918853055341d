import type { UserView } from '@relaygate/contract';
import { Button, Card, Flex, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { quotaWorth } from '../../lib/quota.ts';
import { useQuotaDisplay, useStatus } from '../../status/status.ts';
import {
  notificationEmailError,
  parseNotifySettings,
  serialiseNotify,
  thresholdError,
  WARNING_THRESHOLD_PRESETS,
  webhookUrlError,
  type NotifyValues,
} from './notify-settings.ts';
import { saveNotifySettings } from './personal-api.ts';
import { SELF_KEY } from '../../api/self.ts';

/** Quota warning settings, loaded from the user's `setting` and saved with PUT /api/user/setting. */
export function NotifyCard({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const siteThreshold = useStatus()?.quota_remind_threshold;
  const formatAmount = useFormatQuota();
  const [form] = Form.useForm<NotifyValues>();
  const type = Form.useWatch('notify_type', form);
  const threshold = Form.useWatch('quota_warning_threshold', form);
  const save = useApiMutation(saveNotifySettings, {
    invalidate: [SELF_KEY],
    successMessage: t('common.saved'),
  });
  const fail = (key: string | null) => {
    if (key) throw new Error(t(`personal.notify.${key}`));
  };

  return (
    <Card title={t('personal.notify.title')}>
      <Form
        form={form}
        name="notify"
        layout="vertical"
        // Remounted when the site's threshold arrives, so an unset threshold shows the one in force.
        key={siteThreshold ?? 'loading'}
        initialValues={parseNotifySettings(user.setting, siteThreshold)}
        onFinish={(values) => save.mutate(serialiseNotify(values))}
      >
        <Form.Item name="notify_type" label={t('personal.notify.type')}>
          <Radio.Group
            options={[
              { value: 'email', label: t('personal.notify.typeEmail') },
              { value: 'webhook', label: t('personal.notify.typeWebhook') },
            ]}
          />
        </Form.Item>
        <Form.Item
          label={t('personal.notify.threshold')}
          extra={t('personal.notify.thresholdHint', { amount: formatAmount(Number(threshold) || 0) })}
          required
        >
          <Form.Item
            name="quota_warning_threshold"
            noStyle
            rules={[{ validator: async (_, value) => fail(thresholdError(value)) }]}
          >
            <InputNumber min={0} precision={0} step={100_000} style={{ width: '100%' }} />
          </Form.Item>
          <Flex wrap gap={8} style={{ marginTop: 8 }}>
            {WARNING_THRESHOLD_PRESETS.map((preset) => (
              <Button
                key={preset}
                size="small"
                type={Number(threshold) === preset ? 'primary' : 'default'}
                onClick={() => form.setFieldValue('quota_warning_threshold', preset)}
              >
                {`${preset} (${quotaWorth(preset, display)})`}
              </Button>
            ))}
          </Flex>
        </Form.Item>
        <Form.Item
          name="webhook_url"
          label={t('personal.notify.webhookUrl')}
          dependencies={['notify_type']}
          required={type === 'webhook'}
          rules={[
            {
              validator: async (_, value: string) =>
                fail(webhookUrlError(form.getFieldValue('notify_type'), value)),
            },
          ]}
        >
          <Input placeholder="https://" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="webhook_secret"
          label={t('personal.notify.webhookSecret')}
          extra={t('personal.notify.webhookSecretHint')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="notification_email"
          label={t('personal.notify.email')}
          extra={t('personal.notify.emailHint')}
          rules={[{ validator: async (_, value: string) => fail(notificationEmailError(value)) }]}
        >
          <Input autoComplete="email" placeholder={user.email || undefined} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
