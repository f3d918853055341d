import type { UserSetting } from '@relaygate/contract';
import type { Param } from '../i18n/text.ts';
import { msg, render } from '../i18n/text.ts';
import { composeBilingualMail } from '../mail/compose.ts';
import type { Mail } from '../mail/mailer.ts';
import type { WebhookBody } from './webhook.ts';

/** A warning goes to one user at most once in this many seconds. */
export const QUOTA_WARNING_WINDOW_SECONDS = 2 * 3600;

export function parseUserSetting(text: string | null | undefined): UserSetting {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as UserSetting) : {};
  } catch {
    return {};
  }
}

/** The user's own threshold when set (above 0), the site's QuotaRemindThreshold otherwise. */
export function warningThreshold(setting: UserSetting, siteThreshold: number): number {
  const own = Number(setting.quota_warning_threshold ?? 0);
  return Number.isFinite(own) && own > 0 ? own : siteThreshold;
}

/** Where a user's warning goes: their webhook, or a mail to their notification (else account) address. */
export type WarningRoute =
  { kind: 'webhook'; url: string; secret: string } | { kind: 'email'; to: string } | { kind: 'none' };

export function warningRoute(setting: UserSetting, accountEmail: string): WarningRoute {
  if (setting.notify_type === 'webhook') {
    return setting.webhook_url
      ? { kind: 'webhook', url: setting.webhook_url, secret: setting.webhook_secret ?? '' }
      : { kind: 'none' };
  }
  const to = setting.notification_email || accountEmail;
  return to ? { kind: 'email', to } : { kind: 'none' };
}

const plain = (param: Param, language: 'en' | 'zh'): string =>
  typeof param === 'string' || typeof param === 'number'
    ? String(param)
    : 'id' in param
      ? render(param, language)
      : param[language];

/**
 * new-api's webhook body. Its reader's language is unknown, so, as the mail, it says it in English
 * then Chinese; each language's {{value}} has its own entry in `values`, in order.
 */
export function quotaWarningWebhook(amount: Param, now: number): WebhookBody {
  const title = msg('notify.quotaTitle');
  const content = msg('notify.quotaContent', { value: '{{value}}' });
  return {
    type: 'quota_exceed',
    title: `${render(title, 'en')} / ${render(title, 'zh')}`,
    content: `${render(content, 'en')}\n\n${render(content, 'zh')}`,
    values: [plain(amount, 'en'), plain(amount, 'zh')],
    timestamp: now,
  };
}

export function quotaWarningMail(to: string, amount: Param): Mail {
  return composeBilingualMail(to, msg('notify.quotaTitle'), msg('notify.quotaContent', { value: amount }));
}
