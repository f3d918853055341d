import { describe, expect, it } from 'vitest';
import { asArray, asNumber, asObject, asString, parseJson } from './gemini-json.ts';

describe('wire JSON readers', () => {
  it('answer a value only when it has the asked shape', () => {
    expect(asObject({ a: 1 })).toEqual({ a: 1 });
    expect(asObject([1])).toBeUndefined();
    expect(asObject(null)).toBeUndefined();
    expect(asArray([1, 2])).toEqual([1, 2]);
    expect(asArray({ length: 1 })).toEqual([]);
    expect(asString('x')).toBe('x');
    expect(asString(1)).toBeUndefined();
    expect(asNumber(0)).toBe(0);
    expect(asNumber(Number.NaN)).toBeUndefined();
    expect(asNumber('1')).toBeUndefined();
  });

  it('parses JSON text, undefined when it is not JSON', () => {
    expect(parseJson('{"a":[1]}')).toEqual({ a: [1] });
    expect(parseJson('null')).toBeNull();
    expect(parseJson('not json')).toBeUndefined();
  });
});
