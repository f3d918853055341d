import { describe, expect, it } from 'vitest';
import { AREAS, CATALOGUE } from './catalogue/index.ts';
import { LANGUAGES } from './language.ts';

const placeholders = (template: string): string[] =>
  [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

const entries = Object.entries(CATALOGUE) as [string, { en: string; zh: string }][];

describe('the message catalogue', () => {
  it('holds every message of every area, each id defined once', () => {
    const ids = AREAS.flatMap((area) => Object.keys(area));
    expect(new Set(ids).size).toBe(ids.length);
    expect(entries.length).toBe(ids.length);
    expect(entries.length).toBeGreaterThan(150);
  });

  it.each(entries)('%s has a text in every language, with the same parameters', (_id, entry) => {
    for (const language of LANGUAGES) expect(entry[language].trim()).not.toBe('');
    expect(placeholders(entry.zh)).toEqual(placeholders(entry.en));
    // A brace that is not a {name} placeholder would be left in the answer as is, or miscounted.
    for (const language of LANGUAGES) {
      expect(entry[language].replace(/\{\w+\}/g, '')).not.toMatch(/[{}]/);
    }
  });

  it('has Chinese texts that are Chinese, not the English copied over', () => {
    const untranslated = entries.filter(([, entry]) => !/\p{Script=Han}/u.test(entry.zh));
    // Only the text that is nothing but its parameter (an upstream's own words) has no Chinese.
    expect(untranslated.map(([id]) => id)).toEqual(['verbatim']);
  });
});
