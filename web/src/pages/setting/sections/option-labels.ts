import * as operation from './operation-sections.ts';
import * as other from './other-sections.ts';
import type { SectionSpec } from './section-spec.ts';
import * as system from './system-sections.ts';

const isSection = (value: unknown): value is SectionSpec =>
  typeof value === 'object' && value !== null && 'form' in value && 'fields' in value;

/** Every option the settings edit, as key → i18n key (under `setting.`) of its label. */
const LABELS: ReadonlyMap<string, string> = new Map(
  [operation, other, system]
    .flatMap((module) => Object.values(module).filter(isSection))
    .flatMap((section) => section.fields.map((field) => [field.key, field.label] as const)),
);

/** The i18n key of an option's label, when the settings show it. */
export const optionLabelKey = (key: string): string | undefined => LABELS.get(key);
