import type { QuotaPeriod } from '@relaygate/contract';
import { Col, Divider, Form, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkRule } from '../../components/check-rule.ts';
import { amountPrefix } from '../../lib/quota.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import { budgetComplete, isValidLimit } from './token-limits.ts';

const PERIOD_LABELS = {
  '': 'token.form.periodNone',
  daily: 'token.form.periodDaily',
  weekly: 'token.form.periodWeekly',
  monthly: 'token.form.periodMonthly',
} as const satisfies Record<QuotaPeriod, string>;

/** The key's own limits in the token drawer: per minute, at once, and a budget per period. */
export function TokenLimitFields() {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const form = Form.useFormInstance();
  const limitRule = [checkRule(isValidLimit, t('token.form.limitInvalid'))];
  const budgetRule = checkRule(
    () => budgetComplete(form.getFieldValue('period_quota'), form.getFieldValue('quota_period')),
    t('token.form.budgetIncomplete'),
  );
  const number = (name: string, label: string) => (
    <Col span={8}>
      <Form.Item name={name} label={label} rules={limitRule}>
        <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid={`token-${name}`} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      <Divider plain>{t('token.form.limitsTitle')}</Divider>
      <Row gutter={12}>
        {number('rpm_limit', t('token.form.rpmLimit'))}
        {number('tpm_limit', t('token.form.tpmLimit'))}
        {number('concurrency_limit', t('token.form.concurrencyLimit'))}
      </Row>
      <Form.Item extra={t('token.form.limitHint')} style={{ marginTop: -16 }} />
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="period_quota"
            label={t('token.form.periodQuota')}
            extra={t('token.form.periodQuotaHint')}
            dependencies={['quota_period']}
            rules={[budgetRule]}
          >
            <InputNumber min={0} style={{ width: '100%' }} prefix={amountPrefix(display)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="quota_period" label={t('token.form.quotaPeriod')}>
            <Select
              options={(Object.keys(PERIOD_LABELS) as QuotaPeriod[]).map((period) => ({
                value: period,
                label: t(PERIOD_LABELS[period]),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
