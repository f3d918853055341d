import { describe, expect, it } from 'vitest';
import {
  asArray,
  asCount,
  asNumber,
  asObject,
  asObjects,
  asOptionalString,
  asString,
  field,
  newId,
  parseArguments,
  parseJson,
} from './json-read.ts';

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

describe('scalar readers', () => {
  it('answer a value only when it has the asked shape', () => {
    expect(asObject({ a: 1 })).toEqual({ a: 1 });
    expect(asObject([1])).toBeUndefined();
    expect(asObject(null)).toBeUndefined();
    expect(asArray([1, 2])).toEqual([1, 2]);
    expect(asArray({ length: 1 })).toEqual([]);
    expect(asString('x')).toBe('x');
    expect(asString(3)).toBe('');
    expect(asOptionalString('x')).toBe('x');
    expect(asOptionalString(1)).toBeUndefined();
    expect(asNumber(0)).toBe(0);
    expect(asNumber(Number.NaN)).toBeUndefined();
    expect(asNumber('1')).toBeUndefined();
  });

  it('counts only finite positive numbers as tokens', () => {
    expect(asCount(12)).toBe(12);
    expect(asCount(-1)).toBe(0);
    expect(asCount(Number.NaN)).toBe(0);
    expect(asCount('12')).toBe(0);
  });

  it('parses JSON text, undefined when it is not JSON', () => {
    expect(parseJson('{"a":[1]}')).toEqual({ a: [1] });
    expect(parseJson('null')).toBeNull();
    expect(parseJson('not json')).toBeUndefined();
  });
});
