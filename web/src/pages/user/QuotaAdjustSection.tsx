import { QUOTA_ADJUST_MODES, type QuotaAdjustMode, type UserView } from '@relaygate/contract';
import { Button, Divider, Flex, Form, InputNumber, Popconfirm, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceText, useFormatQuota } from '../../components/QuotaText.tsx';
import { showSuccess } from '../../api/feedback.ts';
import { useApiMutation } from '../../components/use-api-mutation.ts';
import { amountPrefix, isCurrencyDisplay } from '../../lib/quota.ts';
import { useQuotaDisplay } from '../../status/status.ts';
import { adjustmentOf, isAdjustment } from './quota-adjust.ts';
import { adjustQuota, userKeys } from './user-api.ts';

/**
 * The edit drawer's balance: shown as every screen shows it, changed by adding, deducting or
 * setting an amount (new-api's add_quota), applied at once after a confirmation, on its own: the
 * drawer's Save never touches the balance.
 */
export function QuotaAdjustSection({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const display = useQuotaDisplay();
  const formatQuota = useFormatQuota();
  const [mode, setMode] = useState<QuotaAdjustMode>('add');
  const [amount, setAmount] = useState<number | null>(null);
  const result = adjustmentOf({ mode, amount }, user.quota, display);
  const ready = isAdjustment(result) ? result : null;
  const apply = useApiMutation(() => adjustQuota(user.id, mode, ready!.value), {
    invalidate: [userKeys.all],
    successMessage: false,
    onSuccess: (answer) => {
      setAmount(null);
      showSuccess(t('user.adjust.done', { amount: formatQuota(answer.quota ?? 0) }));
    },
  });
  const problem = !ready && amount !== null ? result : null;

  return (
    <>
      <Divider titlePlacement="start">{t('user.adjust.title')}</Divider>
      <Form.Item label={t('user.adjust.balance')}>
        <Typography.Text strong data-testid="user-balance">
          <BalanceText quota={user.quota} />
        </Typography.Text>
        <Typography.Text type="secondary">
          {' '}
          · {t('user.adjust.units', { units: user.quota.toLocaleString() })}
        </Typography.Text>
      </Form.Item>
      <Form.Item
        label={t('user.adjust.label')}
        // The help line under the field takes the item's margin: keep the next section clear of it.
        style={{ marginBottom: 32 }}
        validateStatus={problem ? 'error' : undefined}
        help={
          problem
            ? t(`user.adjust.${problem}`, { balance: formatQuota(user.quota) })
            : ready
              ? t('user.adjust.after', { amount: formatQuota(ready.after) })
              : t(`user.adjust.hint.${mode}`)
        }
      >
        <Flex vertical gap={8}>
          <Segmented<QuotaAdjustMode>
            block
            value={mode}
            onChange={setMode}
            options={QUOTA_ADJUST_MODES.map((value) => ({ value, label: t(`user.adjust.mode.${value}`) }))}
            data-testid="quota-adjust-mode"
          />
          <Flex gap={8}>
            <InputNumber
              value={amount}
              onChange={(value) => setAmount(value)}
              // Enter would save the drawer's profile fields: the balance changes only through Apply.
              onPressEnter={(event) => event.preventDefault()}
              min={0}
              step={isCurrencyDisplay(display) ? 1 : display.quotaPerUnit}
              precision={isCurrencyDisplay(display) ? undefined : 0}
              prefix={amountPrefix(display)}
              placeholder={t(
                isCurrencyDisplay(display) ? 'user.adjust.amountMoney' : 'user.adjust.amountUnits',
              )}
              aria-label={t('user.adjust.label')}
              style={{ flex: 1, minWidth: 0 }}
              data-testid="quota-adjust-amount"
            />
            <Popconfirm
              title={t(`user.adjust.confirm.${mode}`, {
                user: user.username,
                amount: ready ? formatQuota(ready.value) : '',
              })}
              description={ready ? t('user.adjust.after', { amount: formatQuota(ready.after) }) : undefined}
              okText={t('user.adjust.apply')}
              cancelText={t('common.cancel')}
              onConfirm={() => apply.mutate(undefined)}
              disabled={!ready}
            >
              <Button disabled={!ready} loading={apply.isPending} data-testid="quota-adjust-apply">
                {t('user.adjust.apply')}
              </Button>
            </Popconfirm>
          </Flex>
        </Flex>
      </Form.Item>
    </>
  );
}
