import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './retry-after.ts';

describe('retryAfterSeconds', () => {
  it('reads Retry-After in seconds or as a date, and retry-after-ms first', () => {
    expect(retryAfterSeconds({ 'retry-after': '7' })).toBe(7);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }, now)).toBe(30);
    expect(retryAfterSeconds({ 'retry-after': 'Thu, 01 Jan 2025 00:00:30 GMT' }, now)).toBe(0);
    expect(retryAfterSeconds({ 'retry-after-ms': '1500', 'retry-after': '9' })).toBe(1.5);
    expect(retryAfterSeconds({ 'retry-after': ['3', '4'] })).toBe(3);
  });

  it('answers undefined when the headers say nothing usable', () => {
    expect(retryAfterSeconds({})).toBeUndefined();
    expect(retryAfterSeconds({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterSeconds({ 'retry-after': '  ', 'retry-after-ms': 'x' })).toBeUndefined();
  });
});
