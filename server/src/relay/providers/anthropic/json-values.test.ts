import { describe, expect, it } from 'vitest';
import { asArray, asCount, asRecord, asText } from './json-values.ts';

describe('json value readers', () => {
  it('reads objects only as records', () => {
    expect(asRecord({ a: 1 })).toEqual({ a: 1 });
    expect(asRecord(null)).toBeUndefined();
    expect(asRecord([1])).toBeUndefined();
    expect(asRecord('x')).toBeUndefined();
  });

  it('reads anything else as empty', () => {
    expect(asArray([1, 2])).toEqual([1, 2]);
    expect(asArray({ length: 1 })).toEqual([]);
    expect(asText('a')).toBe('a');
    expect(asText(3)).toBe('');
  });

  it('counts only finite positive numbers', () => {
    expect(asCount(12)).toBe(12);
    expect(asCount(-1)).toBe(0);
    expect(asCount(Number.NaN)).toBe(0);
    expect(asCount('12')).toBe(0);
  });
});
