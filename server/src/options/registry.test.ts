import {
  isOptionKey,
  isSecretOption,
  OPTION_KEYS,
  OPTION_REGISTRY,
  SECRET_OPTION_KEYS,
  STATUS_OPTION_FIELDS,
  type OptionKey,
} from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { OPTION_DEFINITIONS } from './registry.ts';
import type { OptionReader } from './option-reader.ts';
import { statusOptionValues } from './status-options.ts';

/** Options whose names look secret but are not: /api/status hands the Turnstile site key to every browser. */
const PUBLIC_DESPITE_NAME = ['TurnstileSiteKey'];

/** Reads the registry's defaults, with `values` over them, as OptionsCache does. */
const readerWith = (values: Partial<Record<OptionKey, string>>): OptionReader => {
  const get = (key: OptionKey) => values[key] ?? OPTION_DEFINITIONS[key].default;
  return {
    get,
    bool: (key) => get(key) === 'true',
    number: (key) => Number(get(key)),
    json: <T>(key: OptionKey) => JSON.parse(get(key)) as T,
  };
};

describe('the option registry', () => {
  it('has one server definition, of the same kind, for every entry and no other', () => {
    expect(Object.keys(OPTION_DEFINITIONS).sort()).toEqual([...OPTION_KEYS].sort());
    for (const key of OPTION_KEYS) expect(OPTION_DEFINITIONS[key].kind, key).toBe(OPTION_REGISTRY[key].kind);
  });

  it('derives the secrets: every name ending in Token, Secret or Key among them, unknown names too', () => {
    expect(SECRET_OPTION_KEYS).toEqual(OPTION_KEYS.filter((key) => OPTION_REGISTRY[key].read === 'secret'));
    const secretByName = OPTION_KEYS.filter((key) => /(Token|Secret|Key|secret|api_key)$/.test(key));
    expect(secretByName.filter((key) => !isSecretOption(key))).toEqual(PUBLIC_DESPITE_NAME);
    expect(SECRET_OPTION_KEYS.length).toBe(secretByName.length - PUBLIC_DESPITE_NAME.length);
    expect(isSecretOption('SomeImportedOption')).toBe(true);
    expect(isOptionKey('SystemName')).toBe(true);
    expect(isOptionKey('SystemNmae')).toBe(false);
  });

  it('publishes in /api/status exactly the public options that name a status field, read by their kind', () => {
    const texts = OPTION_KEYS.filter((key) => OPTION_REGISTRY[key].kind === 'string');
    const marked = readerWith(Object.fromEntries(texts.map((key) => [key, `marker:${key}`])));
    const status = statusOptionValues(marked) as Record<string, unknown>;
    expect(Object.keys(status).sort()).toEqual(STATUS_OPTION_FIELDS.map(({ field }) => field).sort());
    const sent = JSON.stringify(status);
    for (const key of texts) {
      const entry = OPTION_REGISTRY[key];
      const published = 'status' in entry && entry.status !== undefined;
      expect(sent.includes(`"marker:${key}"`), key).toBe(published);
      if (published) expect(entry.read, key).toBe('public');
    }
    expect(status.register_enabled).toBe(true);
    expect(status.quota_per_unit).toBe(500000);
    expect(status.chats).toEqual(expect.any(Array));
  });

  it('refuses an incomplete or mistyped definition at compile time (checked by npx tsc -p server)', () => {
    const { SystemName: _dropped, ...withoutOne } = OPTION_DEFINITIONS;
    // @ts-expect-error an entry without its default and validation does not compile
    const incomplete: typeof OPTION_DEFINITIONS = withoutOne;
    const wrongKind: typeof OPTION_DEFINITIONS = {
      ...OPTION_DEFINITIONS,
      // @ts-expect-error nor one whose kind differs from the registry's
      SystemName: { kind: 'bool', default: '' },
    };
    // Never called: what matters is that it does not compile.
    // @ts-expect-error nor a misspelt name
    const misspelt = () => readerWith({}).get('SystemNmae');
    expect([incomplete, wrongKind, misspelt]).toHaveLength(3);
  });
});
