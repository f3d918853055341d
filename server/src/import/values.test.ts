import { describe, expect, it } from 'vitest';
import { int, jsonText, RowSkip, unixSecondsOrNull } from './values.ts';

describe('source values as each engine hands them back', () => {
  it('keeps quota exact, or refuses the row', () => {
    expect(int('9007199254740991')).toBe(9_007_199_254_740_991);
    expect(int(null, -1)).toBe(-1);
    expect(int(true)).toBe(1);
    expect(() => int('9007199254740993')).toThrow(RowSkip);
    expect(() => int(1.5)).toThrow(RowSkip);
  });

  it("reads GORM's soft-delete time from SQLite text, a Date or seconds", () => {
    expect(unixSecondsOrNull('2025-03-04 05:06:07.123+00:00')).toBe(1_741_064_767);
    expect(unixSecondsOrNull(new Date('2025-03-04T05:06:07Z'))).toBe(1_741_064_767);
    expect(unixSecondsOrNull(1_741_064_767)).toBe(1_741_064_767);
    expect(unixSecondsOrNull(null)).toBeNull();
    expect(() => unixSecondsOrNull('yesterday')).toThrow(RowSkip);
  });

  it('stores JSON columns as text whether the driver parsed them or not', () => {
    expect(jsonText({ a: 1 })).toBe('{"a":1}');
    expect(jsonText('{"a":1}')).toBe('{"a":1}');
    expect(jsonText(null)).toBeNull();
  });
});
