import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKey, readText, writeText } from '../lib/storage.ts';
import { LATIN_SPACED, latinSpaced } from './latin-spacing.ts';
import { LANGUAGES, type Language } from './locale.ts';
import { resources } from './resources.ts';

function storedLanguage(): Language {
  const stored = readText(StorageKey.language) ?? '';
  const short = stored.slice(0, 2) as Language;
  return LANGUAGES.includes(short) ? short : 'zh';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    zh: { translation: resources.zh },
    en: { translation: resources.en },
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
