import { describe, expect, it } from 'vitest';
import {
  addRow,
  deleteRow,
  emptyRow,
  filterRows,
  findInvalid,
  modelsWithoutRatio,
  parseRatioTables,
  pricePerMillion,
  ratioChanges,
  rowsToTables,
  setRowValue,
  tablesToRows,
  type RatioRow,
} from './ratio-rows.ts';

const options = {
  ModelPrice: '{"mj-imagine": 0.1}',
  ModelRatio: '{"gpt-4o": 1.25, "claude-3": 1.5}',
  CompletionRatio: '{"gpt-4o": 4}',
  CacheRatio: '{"gpt-4o": 0.5}',
};

const rows = tablesToRows(parseRatioTables(options));

describe('tables and rows', () => {
  it('makes one sorted row per model named in any table', () => {
    expect(rows).toEqual([
      { name: 'claude-3', price: '', ratio: '1.5', completionRatio: '', cacheRatio: '' },
      { name: 'gpt-4o', price: '', ratio: '1.25', completionRatio: '4', cacheRatio: '0.5' },
      { name: 'mj-imagine', price: '0.1', ratio: '', completionRatio: '', cacheRatio: '' },
    ]);
  });

  it('reads broken or non-object tables as empty and drops non-numbers', () => {
    const tables = parseRatioTables({
      ModelPrice: '{oops',
      ModelRatio: '[1]',
      CompletionRatio: '{"a":"x","b":2}',
    });
    expect(tables).toEqual({ ModelPrice: {}, ModelRatio: {}, CompletionRatio: { b: 2 }, CacheRatio: {} });
  });

  it('round-trips rows to tables', () => {
    expect(rowsToTables(rows)).toEqual(parseRatioTables(options));
  });

  it('reports no change when rows are as loaded, whatever the stored layout', () => {
    expect(ratioChanges(rows, options)).toEqual([]);
  });

  it('writes only the changed tables, pretty-printed', () => {
    const edited = setRowValue(rows, 'claude-3', 'completionRatio', '5');
    expect(ratioChanges(edited, options)).toEqual([
      { key: 'CompletionRatio', value: '{\n  "claude-3": 5,\n  "gpt-4o": 4\n}' },
    ]);
  });
});

describe('editing', () => {
  it('clears the ratios when a fixed price is set', () => {
    const edited = setRowValue(rows, 'gpt-4o', 'price', '0.02');
    expect(edited[1]).toEqual({
      name: 'gpt-4o',
      price: '0.02',
      ratio: '',
      completionRatio: '',
      cacheRatio: '',
    });
    expect(ratioChanges(edited, options).map((c) => c.key)).toEqual([
      'ModelPrice',
      'ModelRatio',
      'CompletionRatio',
      'CacheRatio',
    ]);
  });

  it('clears the price when a ratio is set, and clearing a value keeps the others', () => {
    const edited = setRowValue(rows, 'mj-imagine', 'ratio', '2');
    expect(edited[2]).toEqual({
      name: 'mj-imagine',
      price: '',
      ratio: '2',
      completionRatio: '',
      cacheRatio: '',
    });
    const cleared = setRowValue(rows, 'gpt-4o', 'cacheRatio', '');
    expect(cleared[1]).toMatchObject({ ratio: '1.25', completionRatio: '4', cacheRatio: '' });
  });

  it('finds values that are not numbers', () => {
    expect(findInvalid(rows)).toBeUndefined();
    expect(findInvalid(setRowValue(rows, 'claude-3', 'ratio', '1.x'))).toEqual({
      name: 'claude-3',
      field: 'ratio',
    });
    expect(findInvalid(setRowValue(rows, 'claude-3', 'ratio', '-1'))).toEqual({
      name: 'claude-3',
      field: 'ratio',
    });
  });

  it('adds a new model first, refusing duplicates, blanks and non-numbers', () => {
    expect(addRow(rows, { ...emptyRow('gpt-4o') })).toEqual({ error: 'nameExists' });
    expect(addRow(rows, { ...emptyRow('  ') })).toEqual({ error: 'nameRequired' });
    expect(addRow(rows, { ...emptyRow('new'), ratio: 'abc' })).toEqual({ error: 'notNumber' });
    const added = addRow(rows, { ...emptyRow(' new '), ratio: '3', completionRatio: '2' });
    expect('rows' in added && added.rows[0]).toEqual({
      name: 'new',
      price: '',
      ratio: '3',
      completionRatio: '2',
      cacheRatio: '',
    });
  });

  it('lets a price given with ratios on a new model win', () => {
    const added = addRow(rows, { ...emptyRow('both'), price: '1', ratio: '3' });
    expect('rows' in added && added.rows[0]).toEqual({ ...emptyRow('both'), price: '1' });
  });

  it('deletes a model from every table', () => {
    const left = deleteRow(rows, 'gpt-4o');
    expect(left.map((row) => row.name)).toEqual(['claude-3', 'mj-imagine']);
    expect(ratioChanges(left, options).map((c) => c.key)).toEqual([
      'ModelRatio',
      'CompletionRatio',
      'CacheRatio',
    ]);
  });
});

describe('views', () => {
  it('searches names case-insensitively', () => {
    expect(filterRows(rows, 'GPT').map((row) => row.name)).toEqual(['gpt-4o']);
    expect(filterRows(rows, ' ')).toHaveLength(3);
  });

  it('lists prices per 1M tokens for ratio-priced models only', () => {
    const [claude, gpt, mj] = rows as [RatioRow, RatioRow, RatioRow];
    expect(pricePerMillion(gpt)).toEqual({ prompt: 2.5, completion: 10 });
    expect(pricePerMillion(claude)).toEqual({ prompt: 3, completion: 3 });
    expect(pricePerMillion(mj)).toBeUndefined();
  });

  it('lists enabled models that no table prices', () => {
    expect(modelsWithoutRatio(['x', 'gpt-4o', 'a', 'x'], rows)).toEqual(['a', 'x']);
  });
});
