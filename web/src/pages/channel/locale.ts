import type { Locale } from '../../i18n/locale.ts';

export const locale: Locale = {
  zh: { channel: {} },
  en: { channel: {} },
};
