import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, jsonHasNul, urlHasNul } from './json-body.ts';

describe('jsonDepthExceeds', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds('[[[1]]]', 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[1]]]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[[","b":{"c":[]}}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[[[","b":1}', 2)).toBe(false);
    expect(jsonDepthExceeds('[{"a":[{"b":[]}]}]', 4)).toBe(true);
    expect(jsonDepthExceeds('["\\\\", [[1]]]', 2)).toBe(true);
    expect(jsonDepthExceeds('["\\\\\\"[[[", 1]', 1)).toBe(false);
    expect(jsonDepthExceeds('["unclosed [[[[', 1)).toBe(false);
  });
  it('reads 100 000 levels without recursion', () => {
    expect(jsonDepthExceeds('['.repeat(100_000) + ']'.repeat(100_000), 128)).toBe(true);
  });
});

describe('jsonHasNul', () => {
  it('finds \\u0000 escapes, not an escaped backslash before u0000', () => {
    expect(jsonHasNul('{"a":"x\\u0000y"}')).toBe(true);
    expect(jsonHasNul('{"a":"\\\\\\u0000"}')).toBe(true);
    expect(jsonHasNul('{"a":"\\\\u0000"}')).toBe(false);
    expect(jsonHasNul('{"a":"\\u0001"}')).toBe(false);
  });
});

describe('urlHasNul', () => {
  it('finds %00 anywhere in the address', () => {
    expect(urlHasNul('/api/user/search?keyword=a%00b')).toBe(true);
    expect(urlHasNul('/v1beta/models/m%00:generateContent')).toBe(true);
    expect(urlHasNul('/api/user/search?keyword=a%2500')).toBe(false);
  });
});
