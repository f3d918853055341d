import { useQuery } from '@tanstack/react-query';
import { Button, Card, InputNumber, Radio, Space, Statistic, Typography } from 'antd';
import { UnavailableNotice } from './UnavailableNotice.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { fetchPayable, startEpayPayment, startStripePayment, type TopUpInfo } from './topup-api.ts';
import {
  amountPresets,
  amountProblem,
  formatMoney,
  methodLabel,
  minimumAmount,
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

/** Online top-up: amount presets or a free amount, the configured methods, the payable money, then pay. */
export function OnlineTopUpCard({ info }: { info: TopUpInfo }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState(info.pay_methods[0] ?? '');
  const stripe = method === 'stripe';
  const minimum = minimumAmount(stripe ? info.stripe_min_topup : info.min_topup);
  const [amount, setAmount] = useState<number | null>(minimum);
  const settled = useDebounced(amount, 400);
  const problem = amountProblem(settled, minimum);

  const payable = useQuery({
    queryKey: ['wallet', 'payable', settled, stripe],
    queryFn: () => fetchPayable(Number(settled), stripe),
    enabled: method !== '' && problem === null,
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
    const current = amountProblem(amount, minimum);
    if (current) showError(new Error(t(current, { min: minimum })));
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

  return (
    <Card title={t('topup.online.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          {amountPresets(info.amount_options, minimum).map((preset) => (
            <Button
              key={preset}
              type={amount === preset ? 'primary' : 'default'}
              onClick={() => setAmount(preset)}
            >
              {preset}
            </Button>
          ))}
        </Space>
        <Space wrap>
          <Typography.Text>{t('topup.online.amount')}</Typography.Text>
          <InputNumber
            value={amount}
            min={1}
            precision={0}
            onChange={(value) => setAmount(value)}
            style={{ width: 200, maxWidth: '100%' }}
            aria-label={t('topup.online.amount')}
            data-testid="topup-amount"
          />
        </Space>
        {problem && amount !== null && (
          <Typography.Text type="danger">{t(problem, { min: minimum })}</Typography.Text>
        )}
        <Radio.Group value={method} onChange={(event) => setMethod(String(event.target.value))}>
          {info.pay_methods.map((item) => (
            <Radio.Button key={item} value={item} data-testid={`pay-method-${item}`}>
              {t(methodLabel(item))}
            </Radio.Button>
          ))}
        </Radio.Group>
        <Statistic
          title={t('topup.online.payable')}
          value={problem ? '-' : payable.isError ? t('topup.online.payableError') : formatMoney(payable.data)}
          loading={payable.isFetching}
          valueRender={(node) => <span data-testid="topup-payable">{node}</span>}
        />
        <Button type="primary" onClick={submit} loading={pay.isPending} data-testid="topup-pay">
          {t('topup.online.pay')}
        </Button>
      </Space>
    </Card>
  );
}
