import type { NotifyType, UserSetting } from '@relaygate/contract';

/** Quick choices for the quota warning threshold, in quota units (spec §9). */
export const WARNING_THRESHOLD_PRESETS = [100_000, 500_000, 1_000_000, 5_000_000] as const;
export const DEFAULT_WARNING_THRESHOLD = 500_000;

/** The notification form (Form name="notify"). */
export interface NotifyValues {
  notify_type: NotifyType;
  quota_warning_threshold: number;
  webhook_url: string;
  webhook_secret: string;
  notification_email: string;
}

/** What PUT /api/user/setting takes. */
export type NotifyPayload = Required<
  Pick<
    UserSetting,
    'notify_type' | 'quota_warning_threshold' | 'webhook_url' | 'webhook_secret' | 'notification_email'
  >
>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The form's values from the user's `setting` JSON string; anything missing or broken takes its default.
 * A threshold not set (or 0) shows the site's, which is the one the server warns at.
 */
export function parseNotifySettings(
  setting: string | null | undefined,
  siteThreshold = DEFAULT_WARNING_THRESHOLD,
): NotifyValues {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(setting || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      raw = parsed as Record<string, unknown>;
  } catch {
    // A broken setting string loads as the defaults; saving writes a clean one.
  }
  const threshold = Number(raw.quota_warning_threshold);
  return {
    notify_type: raw.notify_type === 'webhook' ? 'webhook' : 'email',
    quota_warning_threshold:
      raw.quota_warning_threshold !== undefined &&
      raw.quota_warning_threshold !== null &&
      Number.isFinite(threshold) &&
      threshold > 0
        ? threshold
        : siteThreshold,
    webhook_url: text(raw.webhook_url),
    webhook_secret: text(raw.webhook_secret),
    notification_email: text(raw.notification_email),
  };
}

/** i18n key (under `personal.notify.`) of what is wrong with the webhook URL, or null. */
export function webhookUrlError(type: NotifyType, url: string | undefined): string | null {
  const value = (url ?? '').trim();
  if (value === '') return type === 'webhook' ? 'webhookRequired' : null;
  return /^https:\/\/[^\s/]+\S*$/.test(value) ? null : 'webhookHttps';
}

/** i18n key of what is wrong with the optional notification e-mail, or null. */
export function notificationEmailError(email: string | undefined): string | null {
  const value = (email ?? '').trim();
  if (value === '') return null;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : 'emailInvalid';
}

/** i18n key of what is wrong with the threshold, or null. */
export function thresholdError(threshold: unknown): string | null {
  const value = Number(threshold);
  return threshold === null ||
    threshold === undefined ||
    threshold === '' ||
    !Number.isFinite(value) ||
    value < 0
    ? 'thresholdInvalid'
    : null;
}

/** Every problem with the form, by field; empty when it may be saved. */
export function validateNotify(values: NotifyValues): Partial<Record<keyof NotifyValues, string>> {
  const errors: Partial<Record<keyof NotifyValues, string>> = {};
  const threshold = thresholdError(values.quota_warning_threshold);
  if (threshold) errors.quota_warning_threshold = threshold;
  const url = webhookUrlError(values.notify_type, values.webhook_url);
  if (url) errors.webhook_url = url;
  const email = notificationEmailError(values.notification_email);
  if (email) errors.notification_email = email;
  return errors;
}

/** The body of PUT /api/user/setting: the five fields, trimmed, the threshold a whole number. */
export function serialiseNotify(values: NotifyValues): NotifyPayload {
  return {
    notify_type: values.notify_type === 'webhook' ? 'webhook' : 'email',
    quota_warning_threshold: Math.round(Number(values.quota_warning_threshold) || 0),
    webhook_url: (values.webhook_url ?? '').trim(),
    webhook_secret: values.webhook_secret ?? '',
    notification_email: (values.notification_email ?? '').trim(),
  };
}
