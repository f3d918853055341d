import { describe, expect, it } from 'vitest';
import { locale } from '../locale.ts';
import * as operation from '../sections/operation-sections.ts';
import * as other from '../sections/other-sections.ts';
import type { SectionSpec } from '../sections/section-spec.ts';
import * as system from '../sections/system-sections.ts';

const sections = [...Object.values(operation), ...Object.values(system), ...Object.values(other)].flatMap(
  (value) => (Array.isArray(value) ? value : [value]),
) as SectionSpec[];

const lookup = (tree: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], tree);

describe('section labels', () => {
  it('exist in both languages', () => {
    const keys = sections.flatMap((section) => [
      section.title,
      ...(section.note ? [section.note] : []),
      ...(section.requires ? [section.requires.message] : []),
      ...section.fields.flatMap((field) => [
        field.label,
        ...(field.help ? [field.help] : []),
        ...(field.confirmOff ? [field.confirmOff] : []),
        ...(field.jsonMessage ? [field.jsonMessage] : []),
        ...(field.choices ?? []).map((choice) => choice.label),
      ]),
    ]);
    for (const language of [locale.zh, locale.en]) {
      const missing = keys.filter((key) => typeof lookup(language, `setting.${key}`) !== 'string');
      expect(missing).toEqual([]);
    }
  });
});
