/**
 * A path and its twin with or without the trailing slash. The console writes some token paths with
 * one (DELETE /api/token/{id}/) and the router tells the two apart, so both are registered.
 */
export function bothSlashes(path: string): [string, string] {
  return [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`];
}

/** A short text from the query string; anything else (absent, repeated) reads as undefined. */
export function queryText(value: unknown, max = 255): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().slice(0, max);
  return text === '' ? undefined : text;
}

/** `?status_only=true` (any value but empty, false or 0, as new-api reads it). */
export function queryFlag(value: unknown): boolean {
  return typeof value === 'string' && value !== '' && value !== 'false' && value !== '0';
}
