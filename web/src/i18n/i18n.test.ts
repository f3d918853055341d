import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { common } from './common.ts';
import type { Locale } from './locale.ts';

/** Every feature's strings (each registers its own as its screen loads) and the common ones. */
const locales: Record<string, Locale> = {
  common,
  ...Object.fromEntries(
    Object.entries(import.meta.glob<Locale>('../pages/*/locale.ts', { eager: true, import: 'locale' })).map(
      ([path, locale]) => [path.split('/')[2]!, locale],
    ),
  ),
};
const merged = (language: 'zh' | 'en'): Record<string, unknown> =>
  Object.assign({}, ...Object.values(locales).map((locale) => locale[language]));
const resources = { zh: merged('zh'), en: merged('en') };

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

describe('keys used in the source', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));
  const known = (language: Record<string, unknown>, key: string) =>
    typeof key
      .split('.')
      .reduce<unknown>(
        (node, part) =>
          node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
        language,
      ) === 'string';

  it('every literal t(…) key exists in both languages', () => {
    const missing: string[] = [];
    for (const { file, text } of sources) {
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g)) {
        const key = match[1]!;
        for (const language of ['zh', 'en'] as const)
          if (!known(resources[language], key)) missing.push(`${file}: ${key} (${language})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("finds each literal key among the common strings or its own feature's (which its screen registers)", () => {
    const elsewhere: string[] = [];
    for (const { file, text } of sources) {
      const feature = /^pages[\\/]([^\\/]+)/.exec(file)?.[1];
      const own = [common, ...(feature && locales[feature] ? [locales[feature]] : [])];
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w]*(?:\.[\w]+)+)'/g)) {
        const key = match[1]!;
        if (!own.some((locale) => known(locale.zh, key))) elsewhere.push(`${file}: ${key}`);
      }
    }
    expect(elsewhere).toEqual([]);
  });
});
