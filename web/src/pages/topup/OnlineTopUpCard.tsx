import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Radio, Space, Statistic } from 'antd';
import { UnavailableNotice } from './UnavailableNotice.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { fetchPayable, startEpayPayment, startStripePayment, type TopUpInfo } from './topup-api.ts';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { useQuotaDisplay } from '../../status/status.ts';
import {
  amountPresets,
  amountProblem,
  formatAmount,
  formatPayable,
  methodLabel,
  minimumAmount,
  parseAmount,
  postPaymentForm,
} from './wallet-rules.ts';

/** Waits until the value has stopped changing for `ms` before answering it. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Online top-up: amount presets or a typed amount (whole US dollars of quota), the configured
 * methods, the money to pay with its currency, then pay. The money follows the amount as typed: an
 * empty, invalid or too small amount clears it and says why, and a figure for an earlier amount is
 * never shown for a newer one.
 */
export function OnlineTopUpCard({ info }: { info: TopUpInfo }) {
  const { t, i18n } = useTranslation();
  const display = useQuotaDisplay();
  const formatQuota = useFormatQuota();
  const [method, setMethod] = useState(info.pay_methods[0] ?? '');
  const stripe = method === 'stripe';
  const minimum = minimumAmount(stripe ? info.stripe_min_topup : info.min_topup);
  const [text, setText] = useState(String(minimum));
  const settled = useDebounced(text, 400);
  const problem = amountProblem(text, minimum);
  const amount = parseAmount(text);
  const current = problem === null && settled === text;

  const payable = useQuery({
    queryKey: ['wallet', 'payable', settled, stripe],
    queryFn: () => fetchPayable(Number(settled), stripe),
    enabled: method !== '' && current,
    retry: false,
  });

  const pay = useApiMutation(
    async () => {
      if (stripe) {
        const { pay_link: link } = await startStripePayment(Number(amount));
        window.location.assign(link);
        return;
      }
      const form = await startEpayPayment(Number(amount), method);
      postPaymentForm(document, form.url, form.data).submit();
    },
    { successMessage: false },
  );

  const submit = () => {
    if (problem) showError(new Error(t(problem, { min: formatAmount(minimum) })));
    else pay.mutate(undefined);
  };

  if (info.pay_methods.length === 0)
    return (
      <UnavailableNotice
        userText={t('topup.online.disabled')}
        rootText={t('topup.online.disabledRoot')}
        settingsPath="/setting?tab=system"
        testId="topup-online-off"
      />
    );

  const payableText = problem
    ? '-'
    : payable.isError
      ? t('topup.online.payableError')
      : current && payable.data !== undefined
        ? formatPayable(payable.data, i18n.language)
        : '-';

  return (
    <Card title={t('topup.online.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          {amountPresets(info.amount_options, minimum).map((preset) => (
            <Button
              key={preset}
              type={amount === preset ? 'primary' : 'default'}
              onClick={() => setText(String(preset))}
            >
              {formatAmount(preset)}
            </Button>
          ))}
        </Space>
        <Form layout="vertical" component="div">
          <Form.Item
            label={t('topup.online.amount')}
            validateStatus={problem ? 'error' : undefined}
            help={
              problem
                ? t(problem, { min: formatAmount(minimum) })
                : display.type !== 'USD' && amount !== null
                  ? t('topup.online.credited', { quota: formatQuota(amount * display.quotaPerUnit) })
                  : undefined
            }
            style={{ marginBottom: 0 }}
          >
            <Input
              value={text}
              onChange={(event) => setText(event.target.value)}
              inputMode="numeric"
              prefix="$"
              style={{ width: 200, maxWidth: '100%' }}
              aria-label={t('topup.online.amount')}
              data-testid="topup-amount"
            />
          </Form.Item>
        </Form>
        <Radio.Group value={method} onChange={(event) => setMethod(String(event.target.value))}>
          {info.pay_methods.map((item) => (
            <Radio.Button key={item} value={item} data-testid={`pay-method-${item}`}>
              {t(methodLabel(item))}
            </Radio.Button>
          ))}
        </Radio.Group>
        <Statistic
          title={t('topup.online.payable')}
          value={payableText}
          loading={!problem && (payable.isFetching || settled !== text)}
          valueRender={(node) => <span data-testid="topup-payable">{node}</span>}
        />
        <Button type="primary" onClick={submit} loading={pay.isPending} data-testid="topup-pay">
          {t('topup.online.pay')}
        </Button>
      </Space>
    </Card>
  );
}
