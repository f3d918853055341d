import { describe, expect, it } from 'vitest';
import { ratioColor } from './ratio.ts';

describe('ratioColor (spec 000 §9)', () => {
  it('is green up to 1, blue above 1, orange above 3 and red above 5', () => {
    expect([0, 0.5, 1].map(ratioColor)).toEqual(['green', 'green', 'green']);
    expect([1.01, 2, 3].map(ratioColor)).toEqual(['blue', 'blue', 'blue']);
    expect([3.5, 5].map(ratioColor)).toEqual(['orange', 'orange']);
    expect([5.01, 100].map(ratioColor)).toEqual(['red', 'red']);
  });
});
