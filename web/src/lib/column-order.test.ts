import { describe, expect, it } from 'vitest';
import { leadWith } from './column-order.ts';

const key = (item: string) => item;

describe('leadWith', () => {
  it('puts the lead first in its own order, then the rest as they were', () => {
    expect(leadWith(['a', 'b', 'c', 'd', 'e'], ['d', 'b'], key)).toEqual(['d', 'b', 'a', 'c', 'e']);
  });

  it('skips lead keys that are not there and leaves the input alone', () => {
    const items = ['a', 'b', 'c'];
    expect(leadWith(items, ['x', 'c'], key)).toEqual(['c', 'a', 'b']);
    expect(items).toEqual(['a', 'b', 'c']);
  });

  it('keeps the order when there is no lead', () => {
    expect(leadWith(['b', 'a'], [], key)).toEqual(['b', 'a']);
  });
});
