import { TokenStatus } from '@relaygate/contract';
import { msg, type Text } from '../../i18n/text.ts';

/** What decides whether a token can be used: its expiry and its quota. */
export interface TokenValidity {
  /** -1: never. */
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
}

export const NEVER_EXPIRES = -1;

const isExpired = (token: TokenValidity, now: number): boolean =>
  token.expired_time !== NEVER_EXPIRES && token.expired_time <= now;

const isExhausted = (token: TokenValidity): boolean => !token.unlimited_quota && token.remain_quota <= 0;

/** Why a token cannot be enabled, or null when it can. */
export function enableRefusal(token: TokenValidity, now: number): Text | null {
  if (isExpired(token, now)) return msg('token.expired');
  if (isExhausted(token)) return msg('token.exhausted');
  return null;
}

/** An expired (3) or exhausted (4) token that an edit made valid again is enabled; other statuses stay. */
export function statusAfterEdit(status: number, edited: TokenValidity, now: number): number {
  const revivable = status === TokenStatus.Expired || status === TokenStatus.Exhausted;
  return revivable && enableRefusal(edited, now) === null ? TokenStatus.Enabled : status;
}

/** A new expiry must be -1 (never) or a time still to come. */
export function expiryRefusal(expiredTime: number, now: number): Text | null {
  return expiredTime !== NEVER_EXPIRES && expiredTime <= now ? msg('token.expiryPast') : null;
}

/** '' (the user's own group) or one of the groups the user may use. */
export function groupRefusal(group: string, usable: Record<string, string>): Text | null {
  if (group === '' || Object.hasOwn(usable, group)) return null;
  return msg('token.groupUnavailable', { group });
}

/** The names of a batch: the first keeps the name, each other one gets `-` and a random suffix. */
export function batchNames(name: string, count: number, suffix: () => string): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? name : `${name}-${suffix()}`));
}
