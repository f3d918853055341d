import type { TokenView } from '@relaygate/contract';
import type { Dayjs } from 'dayjs';
import { inputToQuota, quotaToInput, type QuotaDisplay } from '../../lib/quota.ts';
import { expiryToPicker, expiryToSeconds } from './token-expiry.ts';
import {
  limitsToForm,
  limitsToPayload,
  noTokenLimits,
  type TokenLimitPayload,
  type TokenLimitValues,
} from './token-limits.ts';

/** New token default quota and the quota presets (spec §9), in quota units. */
export const DEFAULT_TOKEN_QUOTA = 500_000;
export const QUOTA_PRESETS = [500_000, 5_000_000, 25_000_000, 50_000_000, 250_000_000, 500_000_000];
/** Batch size presets of the create form. */
export const COUNT_PRESETS = [10, 20, 30, 100];

/** The values of the token form; remain_quota is in the display unit (dollars or units). */
export interface TokenFormValues extends TokenLimitValues {
  name: string;
  group: string;
  expired_time: Dayjs | null;
  remain_quota: number;
  unlimited_quota: boolean;
  count: number;
  model_limits_enabled: boolean;
  model_limits: string[];
  allow_ips: string;
}

/** What POST /api/token/ and PUT /api/token/ take (the server names batch members itself). */
export interface TokenPayload extends TokenLimitPayload {
  id?: number;
  name: string;
  group: string;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  count?: number;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
}

export function emptyTokenForm(display: QuotaDisplay): TokenFormValues {
  return {
    name: '',
    group: '',
    expired_time: null,
    remain_quota: quotaToInput(DEFAULT_TOKEN_QUOTA, display),
    unlimited_quota: false,
    count: 1,
    model_limits_enabled: false,
    model_limits: [],
    allow_ips: '',
    ...noTokenLimits(),
  };
}

const splitList = (text: string, separator: RegExp): string[] =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');

export function tokenToForm(token: TokenView, display: QuotaDisplay): TokenFormValues {
  return {
    name: token.name,
    group: token.group ?? '',
    expired_time: expiryToPicker(token.expired_time),
    remain_quota: quotaToInput(token.remain_quota, display),
    unlimited_quota: token.unlimited_quota,
    count: 1,
    model_limits_enabled: token.model_limits_enabled,
    model_limits: splitList(token.model_limits ?? '', /,/),
    allow_ips: token.allow_ips ?? '',
    ...limitsToForm(token, display),
  };
}

/** The request body of the form; `id` makes it an edit (no count), otherwise a create. */
export function formToPayload(values: TokenFormValues, display: QuotaDisplay, id?: number): TokenPayload {
  const expired = expiryToSeconds(values.expired_time);
  if (expired === null) throw new Error('invalid expiry');
  const payload: TokenPayload = {
    name: values.name.trim(),
    group: values.group ?? '',
    expired_time: expired,
    remain_quota: inputToQuota(Number(values.remain_quota) || 0, display),
    unlimited_quota: !!values.unlimited_quota,
    model_limits_enabled: !!values.model_limits_enabled,
    model_limits: (values.model_limits ?? []).join(','),
    allow_ips: splitList(values.allow_ips ?? '', /\r?\n/).join('\n'),
    ...limitsToPayload(values, display),
  };
  if (id !== undefined) return { ...payload, id };
  return { ...payload, count: Number(values.count) || 1 };
}

/** A batch size must be a whole number of at least 1. */
export const isValidCount = (value: unknown): boolean =>
  Number.isInteger(Number(value)) && Number(value) >= 1;

/** A quota field must be a number of 0 or more. */
export const isValidQuota = (value: unknown): boolean =>
  value !== null && value !== '' && Number.isFinite(Number(value)) && Number(value) >= 0;
