import { describe, expect, it } from 'vitest';
import { asObjects, field, newId, parseArguments } from './json-read.ts';

describe('json-read', () => {
  it('keeps only the objects of a list', () => {
    expect(asObjects([{ a: 1 }, null, 'x', [1], { b: 2 }])).toEqual([{ a: 1 }, { b: 2 }]);
    expect(asObjects('not a list')).toEqual([]);
  });

  it('reads a field by its camelCase or snake_case name', () => {
    expect(field({ inlineData: 1 }, 'inlineData')).toBe(1);
    expect(field({ inline_data: 2 }, 'inlineData')).toBe(2);
    expect(field(undefined, 'inlineData')).toBeUndefined();
  });

  it('parses tool arguments into an object whatever came', () => {
    expect(parseArguments('{"a":1}')).toEqual({ a: 1 });
    expect(parseArguments(JSON.stringify('{"a":1}'))).toEqual({ a: 1 });
    expect(parseArguments({ a: 1 })).toEqual({ a: 1 });
    expect([
      parseArguments(''),
      parseArguments('{"a"'),
      parseArguments('[1]'),
      parseArguments(undefined),
    ]).toEqual([{}, {}, {}, {}]);
  });

  it('makes distinct ids with a prefix', () => {
    const a = newId('msg_');
    expect(a).toMatch(/^msg_[0-9a-z]+$/);
    expect(newId('msg_')).not.toBe(a);
  });
});
