import { formatQuota } from '../lib/quota.ts';
import { useQuotaDisplay } from '../status/status.ts';

/** A quota amount in the site's display unit (currency or raw units). */
export function QuotaText({ quota, digits }: { quota: number; digits?: number }) {
  return <>{formatQuota(quota, useQuotaDisplay(), digits)}</>;
}

export function useFormatQuota(): (quota: number, digits?: number) => string {
  const display = useQuotaDisplay();
  return (quota, digits) => formatQuota(quota, display, digits);
}
