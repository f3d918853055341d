import { quotaDisplayOf, type OptionKey, type QuotaDisplay } from '@relaygate/contract';
import type { OptionReader } from './option-reader.ts';
import { logAmount } from '../i18n/log-amount.ts';
import type { Param } from '../i18n/text.ts';

type Settings = Pick<OptionReader, 'get' | 'bool' | 'number'>;

const TYPE_KEY: OptionKey = 'general_setting.quota_display_type';
const LEGACY_KEY: OptionKey = 'DisplayInCurrencyEnabled';

/**
 * How the site shows amounts: general_setting.quota_display_type, except that the legacy switch
 * DisplayInCurrencyEnabled turned off means raw units (a database from before the display type).
 */
export function siteQuotaDisplay(settings: Settings): QuotaDisplay {
  return quotaDisplayOf({
    type: settings.bool(LEGACY_KEY) ? settings.get(TYPE_KEY) : 'TOKENS',
    quotaPerUnit: settings.number('QuotaPerUnit'),
    usdExchangeRate: settings.number('USDExchangeRate'),
    customSymbol: settings.get('general_setting.custom_currency_symbol'),
    customRate: settings.number('general_setting.custom_currency_exchange_rate'),
  });
}

/** An amount of quota as a log row's text states it, in the site's display now (see logAmount). */
export const logQuota = (settings: Settings, quota: number): Param =>
  logAmount(siteQuotaDisplay(settings), quota);

/**
 * The other option a write of the display type or of the legacy switch implies, as new-api keeps
 * them in step: the switch off is TOKENS, on is USD unless a currency is already chosen; a display
 * type sets the switch to whether it is a currency. Null for any other key.
 */
export function linkedDisplayOption(
  key: OptionKey,
  value: string,
  settings: Settings,
): { key: OptionKey; value: string } | null {
  if (key === TYPE_KEY) return { key: LEGACY_KEY, value: String(value !== 'TOKENS') };
  if (key !== LEGACY_KEY) return null;
  if (value === 'false') return { key: TYPE_KEY, value: 'TOKENS' };
  return settings.get(TYPE_KEY) === 'TOKENS' ? { key: TYPE_KEY, value: 'USD' } : null;
}
