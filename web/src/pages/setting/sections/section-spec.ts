import type { OptionKey, OptionSection, SectionOptionKey } from '@relaygate/contract';
import type { FieldSpec } from '../model/option-fields.ts';

/** One card of a settings tab: a form over some option keys, saved together. */
export interface SectionSpec {
  /** antd form name, so inputs get the ids `#<form>_<key>`; the registry entries' `section`. */
  form: OptionSection;
  /** i18n key (under `setting.`) of the card title. */
  title: string;
  /** i18n key (under `setting.`) of a note shown above the fields. */
  note?: string;
  fields: FieldSpec[];
  /** An option that must already be set before this card may be saved, and the i18n key of why. */
  requires?: { key: OptionKey; message: string };
}

/** A card whose fields are options that contract's OPTION_REGISTRY puts in this card. */
interface CheckedSection<S extends OptionSection> extends SectionSpec {
  form: S;
  fields: FieldSpec<SectionOptionKey<S>>[];
}

/**
 * A card, checked against the registry: a field whose option the registry puts in another card
 * (or in none) does not compile, and sections.test.ts checks that none of this card's is left out.
 */
export const defineSection = <S extends OptionSection>(spec: CheckedSection<S>): SectionSpec => spec;

type Extra = Partial<Omit<FieldSpec, 'key' | 'kind'>>;

/** Shorthands for the field lists below. */
export const bool = <K extends OptionKey>(key: K, label: string, extra: Extra = {}): FieldSpec<K> => ({
  key,
  kind: 'bool',
  label,
  ...extra,
});
export const int = <K extends OptionKey>(key: K, label: string, extra: Extra = {}): FieldSpec<K> => ({
  key,
  kind: 'int',
  label,
  step: 1,
  ...extra,
});
export const float = <K extends OptionKey>(key: K, label: string, extra: Extra = {}): FieldSpec<K> => ({
  key,
  kind: 'float',
  label,
  ...extra,
});
export const text = <K extends OptionKey>(key: K, label: string, extra: Extra = {}): FieldSpec<K> => ({
  key,
  kind: 'text',
  label,
  ...extra,
});
export const area = <K extends OptionKey>(key: K, label: string, extra: Extra = {}): FieldSpec<K> => ({
  key,
  kind: 'textarea',
  label,
  wide: true,
  rows: 6,
  ...extra,
});
export const jsonArea = <K extends OptionKey>(key: K, label: string, extra: Extra = {}): FieldSpec<K> => ({
  key,
  kind: 'json',
  label,
  wide: true,
  rows: 8,
  ...extra,
});
export const secret = <K extends OptionKey>(key: K, label: string, extra: Extra = {}): FieldSpec<K> => ({
  key,
  kind: 'secret',
  label,
  ...extra,
});
