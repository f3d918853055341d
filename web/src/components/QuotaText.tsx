import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatQuota } from '../lib/quota.ts';
import { useQuotaDisplay } from '../status/status.ts';

/** A quota amount in the site's display (a currency or raw units). */
export function QuotaText({ quota }: { quota: number }) {
  return <>{formatQuota(quota, useQuotaDisplay())}</>;
}

/** formatQuota with the site's display: the same amount reads the same on every screen. */
export function useFormatQuota(): (quota: number) => string {
  const display = useQuotaDisplay();
  return (quota) => formatQuota(quota, display);
}

/**
 * A wallet or key balance: below zero it is a debt (usage beyond what calls reserved is charged in
 * full, never written off), marked so, since every call is refused until it is paid.
 */
export function BalanceText({ quota }: { quota: number }) {
  const { t } = useTranslation();
  if (quota >= 0) return <QuotaText quota={quota} />;
  return (
    <Tooltip title={t('common.debtHint')}>
      <span>
        <QuotaText quota={quota} />{' '}
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          {t('common.debt')}
        </Tag>
      </span>
    </Tooltip>
  );
}
