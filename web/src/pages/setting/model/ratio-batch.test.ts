import { describe, expect, it } from 'vitest';
import { batchSet, type BatchInput } from './ratio-batch.ts';
import { emptyRow, type RatioRow } from './ratio-rows.ts';

const rows: RatioRow[] = [
  { ...emptyRow('a'), ratio: '1', completionRatio: '2' },
  { ...emptyRow('b'), price: '0.5' },
  { ...emptyRow('c'), ratio: '3' },
];
const input = (partial: Partial<BatchInput>): BatchInput => ({
  mode: 'ratio',
  value: '',
  ratio: '',
  completionRatio: '',
  ...partial,
});

describe('batchSet', () => {
  it('needs a selection', () => {
    expect(batchSet(rows, [], input({ value: '1' }))).toEqual({ error: 'selectFirst' });
  });

  it('needs a fill value, or both ratios in both-ratio mode', () => {
    expect(batchSet(rows, ['a'], input({ mode: 'price' }))).toEqual({ error: 'needFill' });
    expect(batchSet(rows, ['a'], input({ mode: 'bothRatios', ratio: '1' }))).toEqual({ error: 'needBoth' });
  });

  it('refuses values that are not numbers', () => {
    expect(batchSet(rows, ['a'], input({ value: 'x' }))).toEqual({ error: 'notNumber' });
    expect(batchSet(rows, ['a'], input({ mode: 'bothRatios', ratio: '1', completionRatio: '-2' }))).toEqual({
      error: 'notNumber',
    });
  });

  it('sets a price on the selected models and clears their ratios', () => {
    const result = batchSet(rows, ['a', 'c'], input({ mode: 'price', value: ' 0.2 ' }));
    expect('rows' in result && result.rows).toEqual([
      { ...emptyRow('a'), price: '0.2' },
      rows[1],
      { ...emptyRow('c'), price: '0.2' },
    ]);
  });

  it('sets both ratios and clears a fixed price', () => {
    const result = batchSet(rows, ['b'], input({ mode: 'bothRatios', ratio: '2', completionRatio: '4' }));
    expect('rows' in result && result.rows[1]).toEqual({
      ...emptyRow('b'),
      ratio: '2',
      completionRatio: '4',
    });
  });

  it('sets a single ratio, leaving the other values', () => {
    const result = batchSet(rows, ['a'], input({ mode: 'cacheRatio', value: '0.1' }));
    expect('rows' in result && result.rows[0]).toEqual({
      ...emptyRow('a'),
      ratio: '1',
      completionRatio: '2',
      cacheRatio: '0.1',
    });
  });
});
