import type { Json } from '../../formats/types.ts';

/**
 * A Gemini schema (an OpenAPI subset: upper-case types, `nullable`, `propertyOrdering`) as JSON
 * Schema: lower-case types, nullable as a 'null' type, ordering dropped. Everything else is kept.
 */
export function geminiSchemaToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiSchemaToJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'propertyOrdering' && Array.isArray(value)) continue;
    if (key === 'nullable' && typeof value === 'boolean') continue;
    out[key] =
      key === 'type' && typeof value === 'string' ? value.toLowerCase() : geminiSchemaToJsonSchema(value);
  }
  const source = schema as Json;
  if (source.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}
