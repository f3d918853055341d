import type { StatusObject } from '@relaygate/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../api/client.ts';
import { i18n } from '../i18n/index.ts';
import { statusQuotaDisplay, type QuotaDisplay } from '../lib/quota.ts';
import { StorageKey, readJson, writeJson } from '../lib/storage.ts';
import { feedback } from '../api/feedback.ts';

export const STATUS_QUERY_KEY = ['status'] as const;

/** The name shown until the admin sets one (SystemName). */
export const DEFAULT_SYSTEM_NAME = 'Relaygate';

async function loadStatus(): Promise<StatusObject> {
  try {
    const envelope = await request<StatusObject>('GET', '/api/status');
    if (!envelope.success || !envelope.data) throw new Error(envelope.message);
    writeJson(StorageKey.status, envelope.data);
    return envelope.data;
  } catch (error) {
    feedback.message?.error(`${i18n.t('error.statusUnreachable')} ${i18n.t('error.statusFailed')}`);
    throw error;
  }
}

/**
 * The server status query, loaded once per visit and kept locally so the next visit starts with it.
 * Until this visit's answer arrives, `dataUpdatedAt` is 0 and `data` is what the last visit stored.
 */
export function useStatusQuery() {
  return useQuery({
    queryKey: STATUS_QUERY_KEY,
    queryFn: loadStatus,
    initialData: () => readJson<StatusObject>(StorageKey.status) ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: false,
  });
}

/** The server status object (this visit's, or the last visit's until it arrives). */
export function useStatus(): StatusObject | undefined {
  return useStatusQuery().data;
}

export function useQuotaDisplay(): QuotaDisplay {
  return statusQuotaDisplay(useStatus());
}
