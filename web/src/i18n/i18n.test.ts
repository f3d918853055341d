import { describe, expect, it } from 'vitest';
import { locales } from './resources.ts';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it.each(Object.entries(locales))('%s has the same strings in Chinese and English', (_name, locale) => {
    expect(keyPaths(locale.en).sort()).toEqual(keyPaths(locale.zh).sort());
  });

  it('gives each feature its own top-level keys', () => {
    const seen = new Map<string, string>();
    for (const [name, locale] of Object.entries(locales)) {
      for (const key of Object.keys(locale.zh)) {
        expect(seen.get(key), `${key} is declared by ${seen.get(key)} and ${name}`).toBeUndefined();
        seen.set(key, name);
      }
    }
  });

  it('has no empty strings', () => {
    for (const locale of Object.values(locales)) {
      for (const language of [locale.zh, locale.en]) {
        const empty = keyPaths(language).filter((path) => {
          const value = path
            .split('.')
            .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], language);
          return value === '';
        });
        expect(empty).toEqual([]);
      }
    }
  });
});
