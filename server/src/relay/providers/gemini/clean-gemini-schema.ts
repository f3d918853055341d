import { asObject } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';

/** JSON-schema keys Gemini refuses in function parameters and response schemas. */
const REFUSED_KEYS = new Set(['$schema', 'additionalProperties', 'strict']);
/** Keys whose value is a map of name → schema (the names themselves are data, never dropped). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
/** Keys whose value is a schema or a list of schemas. */
const SCHEMA_VALUES = new Set(['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'not', 'additionalItems']);

function cleanValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cleanValue);
  const schema = asObject(value);
  return schema ? cleanGeminiSchema(schema) : value;
}

/**
 * A copy of a JSON schema without the keys Gemini refuses, at every level of nesting. Property
 * names are kept as they are, even one called `strict` or `additionalProperties`.
 */
export function cleanGeminiSchema(schema: Json): Json {
  const entries = Object.entries(schema)
    .filter(([key]) => !REFUSED_KEYS.has(key))
    .map(([key, value]): [string, unknown] => {
      const map = SCHEMA_MAPS.has(key) ? asObject(value) : undefined;
      if (map)
        return [key, Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, cleanValue(sub)]))];
      return [key, SCHEMA_VALUES.has(key) ? cleanValue(value) : value];
    });
  return Object.fromEntries(entries);
}
