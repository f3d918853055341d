import { describe, expect, it } from 'vitest';
import { listTotal } from './list-total.ts';

describe('listTotal', () => {
  it('reads the X-Total-Count header', () => {
    expect(listTotal('57', 10)).toBe(57);
    expect(listTotal('0', 0)).toBe(0);
  });

  it('falls back to the rows on hand when the header is missing or junk', () => {
    expect(listTotal(null, 3)).toBe(3);
    expect(listTotal('', 4)).toBe(4);
    expect(listTotal('-1', 5)).toBe(5);
    expect(listTotal('1.5', 6)).toBe(6);
    expect(listTotal('lots', 7)).toBe(7);
  });
});
