import { OPTION_KEYS, SECRET_OPTION_KEYS } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { OptionsCache } from './options-cache.ts';

/** An options cache that never touches a store: reads and listings only. */
const cache = () => new OptionsCache(undefined as never);

describe('OptionsCache', () => {
  it('lists to root every registered option but the secrets', () => {
    const listed = cache()
      .listPublic()
      .map((item) => item.key);
    expect(listed.sort()).toEqual(OPTION_KEYS.filter((key) => !SECRET_OPTION_KEYS.includes(key)).sort());
  });

  it('takes only registered names (checked by npx tsc -p server)', () => {
    const settings = cache();
    // Never called: what matters is that these lines do not compile.
    // @ts-expect-error a misspelt option does not compile
    const read = () => settings.get('SystemNmae');
    // @ts-expect-error nor does a write of one
    const write = () => settings.set('RetryTime', '1');
    // @ts-expect-error nor a listener comparing with one
    const listen = () => settings.onChange((key) => key === 'DataExportIntervall');
    expect([read, write, listen]).toHaveLength(3);
    expect(settings.number('RetryTimes')).toBe(0);
  });
});
