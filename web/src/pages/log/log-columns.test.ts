import { describe, expect, it } from 'vitest';
import { columnsFor, parseColumnChoice, visibleColumns } from './log-columns.ts';

describe('log columns', () => {
  it('shows channel and username to admins only', () => {
    expect(columnsFor(true)).toContain('channel');
    expect(columnsFor(false)).not.toContain('channel');
    expect(columnsFor(false)).not.toContain('username');
  });

  it('hides what the stored choice turned off, shows the rest', () => {
    const visible = visibleColumns({ details: false, channel: true }, false);
    expect(visible).not.toContain('details');
    expect(visible).not.toContain('channel');
    expect(visible).toContain('time');
    expect(visibleColumns(null, true)).toEqual(columnsFor(true));
  });

  it('reads only booleans of known columns', () => {
    expect(parseColumnChoice({ time: false, bogus: false, quota: 'no' })).toEqual({ time: false });
    expect(parseColumnChoice('junk')).toEqual({});
    expect(parseColumnChoice([1])).toEqual({});
  });
});
