import {
  REDEMPTION_BATCH_MAX_COUNT,
  REDEMPTION_NAME_MAX_LENGTH,
  RedemptionStatus,
  type RedemptionView,
} from '@relaygate/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { inputToQuota, quotaToInput, type QuotaDisplay } from '../../lib/quota.ts';

/** New code default quota (spec §9) and the quota presets, in quota units. */
export const DEFAULT_REDEMPTION_QUOTA = 100_000;
export const REDEMPTION_QUOTA_PRESETS = [500_000, 5_000_000, 25_000_000, 50_000_000];

/** The values of the code form; quota is in the display unit (dollars or units). */
export interface RedemptionFormValues {
  name: string;
  quota: number;
  count: number;
  expired_time: Dayjs | null;
}

export interface RedemptionPayload {
  id?: number;
  name: string;
  quota: number;
  count?: number;
  expired_time: number;
}

export function emptyRedemptionForm(display: QuotaDisplay): RedemptionFormValues {
  return { name: '', quota: quotaToInput(DEFAULT_REDEMPTION_QUOTA, display), count: 1, expired_time: null };
}

export function redemptionToForm(code: RedemptionView, display: QuotaDisplay): RedemptionFormValues {
  return {
    name: code.name,
    quota: quotaToInput(code.quota, display),
    count: 1,
    expired_time: code.expired_time > 0 ? dayjs.unix(code.expired_time) : null,
  };
}

/** The request body: `id` makes it an edit (no count); an empty name on create is named by the server. */
export function formToRedemptionPayload(
  values: RedemptionFormValues,
  display: QuotaDisplay,
  id?: number,
): RedemptionPayload {
  const payload = {
    name: (values.name ?? '').trim(),
    quota: inputToQuota(Number(values.quota) || 0, display),
    expired_time: values.expired_time ? dayjs(values.expired_time).unix() : 0,
  };
  return id === undefined ? { ...payload, count: Number(values.count) || 1 } : { ...payload, id };
}

/** A name is at most 20 characters; on edit it may not be empty. */
export function isValidRedemptionName(value: unknown, creating: boolean): boolean {
  const length = [...String(value ?? '').trim()].length;
  return length <= REDEMPTION_NAME_MAX_LENGTH && (creating || length >= 1);
}

/** Count: a whole number from 1 to 100. */
export const isValidRedemptionCount = (value: unknown): boolean =>
  Number.isInteger(Number(value)) && Number(value) >= 1 && Number(value) <= REDEMPTION_BATCH_MAX_COUNT;

/** Quota: a number above 0 (whole units once converted). */
export const isValidRedemptionQuota = (value: unknown, display: QuotaDisplay): boolean =>
  value !== null &&
  value !== '' &&
  Number.isFinite(Number(value)) &&
  inputToQuota(Number(value), display) >= 1;

/** The i18n key (under `redemption.status`) and tag colour of a code's status (spec §4). */
export function redemptionStatusTag(status: number): { label: string; color: string } {
  if (status === RedemptionStatus.Unused) return { label: 'unused', color: 'green' };
  if (status === RedemptionStatus.Disabled) return { label: 'disabled', color: 'red' };
  if (status === RedemptionStatus.Used) return { label: 'used', color: 'default' };
  return { label: 'unknown', color: 'default' };
}

/** Editing is allowed only for unused codes. */
export const canEditRedemption = (status: number): boolean => status === RedemptionStatus.Unused;

/** The status the enable/disable button sets, or null for a used code (never re-enabled). */
export function toggledRedemptionStatus(status: number): number | null {
  if (status === RedemptionStatus.Unused) return RedemptionStatus.Disabled;
  if (status === RedemptionStatus.Disabled) return RedemptionStatus.Unused;
  return null;
}

/** The codes as copied or downloaded: one per line. */
export const codesText = (keys: string[]): string => keys.join('\n');

/** The download's file name: the batch name (or "codes") and the time, safe for any file system. */
export function codesFileName(name: string, now: Dayjs = dayjs()): string {
  const base =
    name
      .trim()
      .replace(/[^\p{L}\p{N}_-]+/gu, '_')
      .replace(/^_+|_+$/g, '') || 'codes';
  return `redemption-${base}-${now.format('YYYYMMDD-HHmmss')}.txt`;
}
