import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { locale as setting } from '../pages/setting/locale.ts';
import { LATIN_SPACED, latinSpaced } from './latin-spacing.ts';

describe('latinSpaced', () => {
  it('puts a space before a value that begins with a Latin word or a number, not before Chinese', () => {
    expect(latinSpaced('Gemini 设置')).toBe(' Gemini 设置');
    expect(latinSpaced('2FA')).toBe(' 2FA');
    expect(latinSpaced('通用设置')).toBe('通用设置');
    expect(latinSpaced('')).toBe('');
  });

  it('is the formatter behind the save button of every settings section', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { zh: { translation: setting.zh }, en: { translation: setting.en } },
      interpolation: { escapeValue: false },
    });
    i18n.services.formatter?.add(LATIN_SPACED, latinSpaced);
    await i18n.changeLanguage('zh');
    expect(i18n.t('setting.saveSection', { name: 'Gemini 设置' })).toBe('保存 Gemini 设置');
    expect(i18n.t('setting.saveSection', { name: '通用设置' })).toBe('保存通用设置');
    await i18n.changeLanguage('en');
    expect(i18n.t('setting.saveSection', { name: 'Gemini settings' })).toBe('Save Gemini settings');
  });
});
