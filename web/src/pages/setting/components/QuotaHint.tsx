import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { quotaWorth } from '../../../lib/quota.ts';
import { useQuotaDisplay } from '../../../status/status.ts';

/** What the quota typed in a field is worth in money, updated as the admin types. */
export function QuotaHint({ form, name }: { form: FormInstance; name: string }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const value: unknown = Form.useWatch(name, form);
  const quota = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return <>{t('setting.quotaWorth', { amount: quotaWorth(quota, display) })}</>;
}
