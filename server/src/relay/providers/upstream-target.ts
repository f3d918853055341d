/** Where and how to call one channel: the URL and the headers (credentials included). */
export interface UpstreamTarget {
  url: string;
  headers: Record<string, string>;
}

/** A multi-key channel holds one key per line; each call takes one at random. */
export function pickKey(key: string): string {
  const keys = key
    .split('\n')
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (keys.length <= 1) return keys[0] ?? '';
  return keys[Math.floor(Math.random() * keys.length)]!;
}

/** A channel's header_override (a JSON object), as lower-case header names; anything else is ignored. */
export function headerOverrides(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), String(v)]));
  } catch {
    return {};
  }
}
