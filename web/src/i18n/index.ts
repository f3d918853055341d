import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKey, readText, writeText } from '../lib/storage.ts';
import { LATIN_SPACED, latinSpaced } from './latin-spacing.ts';
import { common } from './common.ts';
import { LANGUAGES, type Language, type Locale } from './locale.ts';

function storedLanguage(): Language {
  const stored = readText(StorageKey.language) ?? '';
  const short = stored.slice(0, 2) as Language;
  return LANGUAGES.includes(short) ? short : 'zh';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  // The strings every screen shares; each feature adds its own with registerLocale.
  resources: {
    zh: { translation: common.zh },
    en: { translation: common.en },
  },
  lng: storedLanguage(),
  fallbackLng: 'zh',
  interpolation: { escapeValue: false },
  returnNull: false,
});
i18n.services.formatter?.add(LATIN_SPACED, latinSpaced);

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (language) => {
  writeText(StorageKey.language, language);
  document.documentElement.lang = language;
});

export function changeLanguage(language: Language): void {
  void i18n.changeLanguage(language);
}

/**
 * Adds a feature's strings (its `pages/<feature>/locale.ts`): each screen's module registers its
 * feature's when it loads, so the strings come with the screen's chunk and i18n imports no page.
 */
export function registerLocale(locale: Locale): void {
  for (const language of LANGUAGES)
    i18n.addResourceBundle(language, 'translation', locale[language], true, true);
}
