import { App, Button, Divider, Form, Popconfirm } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import { DateTimeInput } from '../../../components/DateRangeInput.tsx';
import { showError } from '../../../api/feedback.ts';
import { useIsMobile } from '../../../components/use-is-mobile.ts';

/** Deletes every usage log older than the chosen time (default: one month ago) and tells how many. */
export function ClearLogsForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ before: Dayjs | null }>();
  const [busy, setBusy] = useState(false);
  const phone = useIsMobile();

  const clear = async () => {
    let before: Dayjs | null;
    try {
      ({ before } = await form.validateFields());
    } catch {
      return;
    }
    if (!before) return;
    setBusy(true);
    try {
      const count = await api.delete<number>(`/api/log/?target_timestamp=${before.unix()}`);
      message.success(t('setting.clearLogs.done', { count }));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Divider />
      {/* Label above, picker and button side by side while they fit: an inline form is wider than a phone. */}
      <Form
        form={form}
        name="setting_clear_logs"
        layout={phone ? 'vertical' : 'inline'}
        style={{ rowGap: 8 }}
        initialValues={{ before: dayjs().subtract(1, 'month') }}
      >
        <Form.Item
          name="before"
          label={t('setting.clearLogs.before')}
          rules={[{ required: true, message: t('setting.clearLogs.required') }]}
        >
          <DateTimeInput allowClear={false} />
        </Form.Item>
        <Form.Item>
          <Popconfirm
            title={t('setting.clearLogs.confirm')}
            onConfirm={clear}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
          >
            <Button danger loading={busy}>
              {t('setting.clearLogs.button')}
            </Button>
          </Popconfirm>
        </Form.Item>
      </Form>
    </>
  );
}
