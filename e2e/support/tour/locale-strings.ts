import antdEn from 'antd/locale/en_US.js';
import antdZh from 'antd/locale/zh_CN.js';
import { readdirSync } from 'node:fs';
import { common } from '../../../web/src/i18n/common.ts';
import type { Locale } from '../../../web/src/i18n/locale.ts';

/** The common strings and every feature's own (web/src/pages/<feature>/locale.ts, each registered by its screen). */
const PAGES = new URL('../../../web/src/pages/', import.meta.url);
const locales: Locale[] = [
  common,
  ...(await Promise.all(
    readdirSync(PAGES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(
        async (entry) =>
          ((await import(new URL(`${entry.name}/locale.ts`, PAGES).href)) as { locale: Locale }).locale,
      ),
  )),
];

/** Every string leaf of a locale tree, keyed by its dotted path. */
function leaves(tree: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') into.set(prefix, tree);
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree)) leaves(value, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** The fixed parts of a message around its `{{placeholders}}` (antd writes them `${label}`). */
const fixedParts = (text: string) =>
  text
    .split(/\{\{[^}]*\}\}|\$\{[^}]*\}/)
    .map((part) => part.trim())
    .filter((part) => /[A-Za-z]{2}/.test(part));

/**
 * The English strings of the console (its own locales and antd's) that differ from their Chinese
 * counterpart: seeing one in the Chinese console means a string was left untranslated.
 * `exact` is matched against whole text nodes, `phrases` (several words) against any part of one.
 */
export function englishOnlyStrings(): { exact: string[]; phrases: string[] } {
  const pairs: [unknown, unknown][] = [
    ...locales.map((locale): [unknown, unknown] => [locale.en, locale.zh]),
    [antdEn, antdZh],
  ];
  const exact = new Set<string>();
  const phrases = new Set<string>();
  // What the Chinese console itself says somewhere ("Prompt", "GitHub OAuth App") is a name, not a slip.
  const chineseText = pairs.flatMap(([, zh]) => [...leaves(zh).values()]).join('\n');
  for (const [en, zh] of pairs) {
    const chinese = leaves(zh);
    for (const [key, text] of leaves(en)) {
      if (chinese.get(key) === text) continue;
      for (const part of fixedParts(text).filter((part) => !chineseText.includes(part))) {
        exact.add(part);
        if (part.length >= 12 && part.includes(' ')) phrases.add(part);
      }
    }
  }
  return { exact: [...exact], phrases: [...phrases] };
}
