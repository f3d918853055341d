import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ThirdParty } from './provider.ts';

/** The Telegram login widget: it signs in only accounts already bound, as in new-api. */
export const telegram: ThirdParty = {
  label: 'Telegram',
  column: 'telegram_id',
  enabledOption: 'TelegramOAuthEnabled',
  usernamePrefix: 'telegram_',
};

/** Widget data older than this is refused, so a captured sign-in link cannot be replayed later. */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 3600;

export type TelegramCheck = { ok: true; id: string } | { ok: false; reason: 'hash' | 'stale' };

/**
 * Verifies the Telegram login widget's fields: every field but `hash`, as `key=value` lines sorted by
 * key, signed with HMAC-SHA256 under SHA-256(bot token); and `auth_date` no older than a day.
 */
export function checkTelegramLogin(
  fields: Record<string, string>,
  botToken: string,
  now: number,
): TelegramCheck {
  const { hash, ...data } = fields;
  if (!botToken || !hash || !/^[0-9a-f]{64}$/i.test(hash) || !data.id) return { ok: false, reason: 'hash' };
  const checkString = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n');
  const key = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', key).update(checkString).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'hash' };
  const authDate = Number(data.auth_date);
  if (!Number.isInteger(authDate) || now - authDate > TELEGRAM_MAX_AGE_SECONDS) {
    return { ok: false, reason: 'stale' };
  }
  return { ok: true, id: data.id };
}
