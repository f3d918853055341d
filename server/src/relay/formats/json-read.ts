import type { Json } from './types.ts';

/** Small readers for untrusted JSON: every converter gets client or upstream input as it came. */

export const asObject = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export const asObjects = (value: unknown): Json[] =>
  asArray(value).flatMap((item): Json[] => {
    const object = asObject(item);
    return object ? [object] : [];
  });

export const asString = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The value as a string, or undefined when it is none (a field that may be absent). */
export const asOptionalString = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

export const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A count of tokens: a finite positive number, else 0. */
export const asCount = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

/** JSON text → value; undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A field by its camelCase name, or its snake_case spelling (Gemini's REST API accepts both). */
export function field(object: Json | undefined, camel: string): unknown {
  if (!object) return undefined;
  if (object[camel] !== undefined) return object[camel];
  return object[camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
}

/**
 * Tool-call arguments as an object. Upstreams send a JSON string (sometimes encoded twice, as some
 * vLLM/SGLang builds do), an object, or nothing; what cannot be read as an object becomes `{}`.
 */
export function parseArguments(raw: unknown): Json {
  let value = raw;
  for (let i = 0; i < 2 && typeof value === 'string'; i++) {
    if (value.trim() === '') return {};
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return asObject(value) ?? {};
}

let sequence = 0;
/** A process-unique id with a prefix, for answers whose upstream gave none. */
export const newId = (prefix: string): string =>
  `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
