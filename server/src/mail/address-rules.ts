import type { OptionsCache } from '../cache/options-cache.ts';
import { msg, type Text } from '../i18n/text.ts';

export function emailDomainAllowed(email: string, whitelist: string): boolean {
  const domain = email.split('@').pop()?.toLowerCase() ?? '';
  return whitelist
    .split(/[,\n]/)
    .map((d) => d.trim().toLowerCase())
    .includes(domain);
}

/** new-api's alias rule: a local part with `+` or `.` is an alias of another address. */
const isAlias = (email: string) => /[+.]/.test(email.slice(0, email.lastIndexOf('@')));

/**
 * Why the site refuses this address for an account (domain whitelist, aliases), or undefined.
 * Registration, e-mail codes and binding all apply it.
 */
export function addressRefusal(
  settings: Pick<OptionsCache, 'bool' | 'get'>,
  email: string,
): Text | undefined {
  if (
    settings.bool('EmailDomainRestrictionEnabled') &&
    !emailDomainAllowed(email, settings.get('EmailDomainWhitelist'))
  ) {
    return msg('account.emailDomainRefused');
  }
  if (settings.bool('EmailAliasRestrictionEnabled') && isAlias(email)) return msg('mail.aliasRefused');
  return undefined;
}
