import { describe, expect, it } from 'vitest';
import { cleanGeminiSchema } from './clean-gemini-schema.ts';

describe('cleanGeminiSchema', () => {
  it('drops $schema, additionalProperties and strict at every level, keeping the nesting', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      additionalProperties: false,
      strict: true,
      required: ['items'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            properties: { tags: { type: 'array', items: { type: 'string' } } },
          },
        },
        choice: { anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: 'number' } }] },
      },
    };
    expect(cleanGeminiSchema(schema)).toEqual({
      type: 'object',
      required: ['items'],
      properties: {
        items: {
          type: 'array',
          items: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } },
        },
        choice: { anyOf: [{ type: 'string' }, { type: 'object' }] },
      },
    });
  });

  it('keeps properties named like a refused key, and does not touch the input', () => {
    const schema = {
      type: 'object',
      properties: { strict: { type: 'boolean' }, additionalProperties: { type: 'string', strict: true } },
    };
    const copy = structuredClone(schema);
    expect(cleanGeminiSchema(schema)).toEqual({
      type: 'object',
      properties: { strict: { type: 'boolean' }, additionalProperties: { type: 'string' } },
    });
    expect(schema).toEqual(copy);
  });

  it('keeps a property called __proto__ as data', () => {
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}') as Record<
      string,
      unknown
    >;
    const cleaned = cleanGeminiSchema(schema);
    expect(Object.keys(cleaned.properties as object)).toEqual(['__proto__']);
  });
});
