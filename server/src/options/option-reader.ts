import type { OptionKey } from '@relaygate/contract';

/**
 * How the options' helpers read the site's current options: the options cache (cache/options-cache.ts)
 * is one, passed in by its callers, so the options know no cache (the cache is built on the registry).
 */
export interface OptionReader {
  get(key: OptionKey): string;
  bool(key: OptionKey): boolean;
  number(key: OptionKey): number;
  /** The parsed JSON value of the option (its default when the stored text is broken). */
  json<T>(key: OptionKey): T;
}
