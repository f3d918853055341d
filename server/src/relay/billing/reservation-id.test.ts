import { describe, expect, it } from 'vitest';
import { newReservationId } from './reservation-id.ts';

describe('newReservationId', () => {
  it('answers ids that are unique, fit the column and sort in the order they were made', () => {
    const ids = Array.from({ length: 5000 }, newReservationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.length <= 64 && /^[0-9a-z]+$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });
});
