import { describe, expect, it } from 'vitest';
import { geminiSchemaToJsonSchema } from './gemini-schema.ts';

describe('geminiSchemaToJsonSchema', () => {
  it('lower-cases types, turns nullable into a null type and drops propertyOrdering', () => {
    expect(
      geminiSchemaToJsonSchema({
        type: 'OBJECT',
        properties: {
          type: { type: 'STRING', enum: ['UPPER'] },
          list: { type: 'ARRAY', items: { type: 'INTEGER', nullable: true } },
          either: { anyOf: [{ type: 'NUMBER' }, { type: 'BOOLEAN' }] },
        },
        required: ['type'],
        propertyOrdering: ['type', 'list'],
      }),
    ).toEqual({
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['UPPER'] },
        list: { type: 'array', items: { type: ['integer', 'null'] } },
        either: { anyOf: [{ type: 'number' }, { type: 'boolean' }] },
      },
      required: ['type'],
    });
    expect(geminiSchemaToJsonSchema(undefined)).toBeUndefined();
  });
});
