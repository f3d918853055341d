/** A feature's strings in both languages; both must have the same keys (checked by i18n.test.ts). */
export interface Locale {
  zh: Record<string, unknown>;
  en: Record<string, unknown>;
}

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
