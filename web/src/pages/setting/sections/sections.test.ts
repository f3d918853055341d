import {
  OPTION_KEYS,
  OPTION_REGISTRY,
  SECRET_OPTION_KEYS,
  sectionOptionKeys,
  type OptionSection,
} from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import * as operation from './operation-sections.ts';
import * as other from './other-sections.ts';
import { bool, defineSection, text, type SectionSpec } from './section-spec.ts';
import * as system from './system-sections.ts';

const sections = [...Object.values(operation), ...Object.values(system), ...Object.values(other)].flatMap(
  (value) => (Array.isArray(value) ? value : [value]),
) as SectionSpec[];

const registrySections = [
  ...new Set(OPTION_KEYS.flatMap((key) => OPTION_REGISTRY[key].section ?? [])),
] as OptionSection[];

describe('the settings cards and the option registry', () => {
  it('have one card for each section the registry names, and no other', () => {
    const forms = sections.map((section) => section.form);
    expect(new Set(forms).size).toBe(forms.length);
    expect([...forms].sort()).toEqual([...registrySections].sort());
  });

  it('show in each card exactly the options the registry puts in it', () => {
    for (const section of sections) {
      const shown = section.fields.map((field) => field.key).sort();
      expect(shown, section.form).toEqual(sectionOptionKeys(section.form).sort());
    }
  });

  it('give every option a section, null only for those no card shows', () => {
    const shown = new Set(sections.flatMap((section) => section.fields.map((field) => field.key)));
    for (const key of OPTION_KEYS) expect(shown.has(key), key).toBe(OPTION_REGISTRY[key].section !== null);
  });

  it('never show a secret as readable text: each is a write-only field', () => {
    const fields = sections.flatMap((section) => section.fields);
    for (const key of SECRET_OPTION_KEYS) {
      expect(fields.find((field) => field.key === key)?.kind, key).toBe('secret');
    }
  });

  it('refuse a misspelt option or one of another card at compile time (checked by npx tsc -p web)', () => {
    // @ts-expect-error a misspelt option does not compile
    const misspelt = bool('RegisterEnabeld', 'f.registerEnabled');
    const elsewhere = defineSection({
      form: 'setting_server',
      title: 'sections.server',
      // @ts-expect-error RegisterEnabled belongs to the login card
      fields: [text('ServerAddress', 'f.serverAddress'), bool('RegisterEnabled', 'f.registerEnabled')],
    });
    expect([misspelt.key, elsewhere.fields.length]).toEqual(['RegisterEnabeld', 2]);
  });
});
