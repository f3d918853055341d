import { msg, type Text } from '../i18n/text.ts';
import type { ModelRateLimit } from './model-rate-limit.ts';
import type { BudgetPeriod } from './windows.ts';

/** What each limit's refusal says, language-neutral (the caller's 429 is its English rendering). */
export function modelRequestsText(model: ModelRateLimit): Text {
  const parts = [
    model.total > 0 ? msg('limits.requests', { count: model.total }) : null,
    model.success > 0 ? msg('limits.successfulRequests', { count: model.success }) : null,
  ].filter((part): part is Text => part !== null);
  const limit = parts.length === 2 ? msg('limits.both', { first: parts[0]!, second: parts[1]! }) : parts[0]!;
  return msg('limits.modelRequests', { limit, minutes: model.durationMinutes });
}

export const keyRpmText = (rpm: number): Text => msg('limits.keyRpm', { rpm });
export const keyConcurrencyText = (count: number): Text => msg('limits.keyConcurrency', { count });
export const keyTpmText = (tpm: number): Text => msg('limits.keyTpm', { tpm });

const PERIOD_TEXT = {
  daily: msg('limits.daily'),
  weekly: msg('limits.weekly'),
  monthly: msg('limits.monthly'),
} as const;

export const keyBudgetText = (period: Exclude<BudgetPeriod, ''>): Text =>
  msg('limits.keyBudget', { period: PERIOD_TEXT[period] });

export const CHANNELS_BUSY_TEXT = msg('limits.channelsBusy');
