import type { FieldSpec } from '../model/option-fields.ts';

/** One card of a settings tab: a form over some option keys, saved together. */
export interface SectionSpec {
  /** antd form name, so inputs get the ids `#<form>_<key>`. */
  form: string;
  /** i18n key (under `setting.`) of the card title. */
  title: string;
  /** i18n key (under `setting.`) of a note shown above the fields. */
  note?: string;
  fields: FieldSpec[];
  /** An option that must already be set before this card may be saved, and the i18n key of why. */
  requires?: { key: string; message: string };
}

/** Shorthands for the field lists below. */
export const bool = (key: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  kind: 'bool',
  label,
  ...extra,
});
export const int = (key: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  kind: 'int',
  label,
  step: 1,
  ...extra,
});
export const float = (key: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  kind: 'float',
  label,
  ...extra,
});
export const text = (key: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  kind: 'text',
  label,
  ...extra,
});
export const area = (key: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  kind: 'textarea',
  label,
  wide: true,
  rows: 6,
  ...extra,
});
export const jsonArea = (key: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  kind: 'json',
  label,
  wide: true,
  rows: 8,
  ...extra,
});
export const secret = (key: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  kind: 'secret',
  label,
  ...extra,
});
