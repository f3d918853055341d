import { describe, expect, it } from 'vitest';
import { ALL_COLUMNS, readColumnChoice } from './channel-columns.ts';

describe('readColumnChoice', () => {
  it('shows everything when nothing is stored', () => {
    expect(readColumnChoice(null)).toEqual(ALL_COLUMNS);
    expect(readColumnChoice([1])).toEqual(ALL_COLUMNS);
  });
  it('keeps stored booleans and ignores the rest', () => {
    const choice = readColumnChoice({ balance: false, weight: 'no', other: false });
    expect(choice.balance).toBe(false);
    expect(choice.weight).toBe(true);
    expect('other' in choice).toBe(false);
  });
});
