/**
 * How the options' helpers read the site's current options: the options cache (cache/options-cache.ts)
 * is one, passed in by its callers, so the options know no cache (the cache is built on the registry).
 */
export interface OptionReader {
  get(key: string): string;
  bool(key: string): boolean;
  number(key: string): number;
  /** The parsed JSON value of the option (its default when the stored text is broken). */
  json<T>(key: string): T;
}
