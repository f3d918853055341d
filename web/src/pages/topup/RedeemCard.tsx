import { Button, Card, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SELF_KEY } from '../../api/self.ts';
import { useFormatQuota } from '../../components/QuotaText.tsx';
import { showError, showSuccess } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { redeemCode } from './topup-api.ts';
import { redeemCodeProblem } from './wallet-rules.ts';

/** The redemption code field: redeems a code and shows what it credited. */
export function RedeemCard() {
  const { t } = useTranslation();
  const formatQuota = useFormatQuota();
  const [code, setCode] = useState('');

  const redeem = useApiMutation(redeemCode, {
    successMessage: false,
    invalidate: [SELF_KEY],
    onSuccess: (quota) => {
      showSuccess(t('topup.redeem.done', { quota: formatQuota(quota) }));
      setCode('');
    },
  });

  const submit = () => {
    const problem = redeemCodeProblem(code);
    if (problem) showError(new Error(t(problem)));
    else redeem.mutate(code.trim());
  };

  return (
    <Card title={t('topup.redeem.title')}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPressEnter={submit}
          placeholder={t('topup.redeem.placeholder')}
          allowClear
          data-testid="redeem-code"
        />
        <Button type="primary" loading={redeem.isPending} onClick={submit} data-testid="redeem-submit">
          {t('topup.redeem.submit')}
        </Button>
      </Space.Compact>
    </Card>
  );
}
