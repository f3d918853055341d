import { describe, expect, it } from 'vitest';
import { columnsFor, columnsInOrder, parseColumnChoice, visibleColumns } from './log-columns.ts';

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

  it('on a phone leads with time, model, cost and tokens; on a desktop keeps the usual order', () => {
    const user = columnsFor(false);
    expect(columnsInOrder(user, true)).toEqual([
      'time',
      'model',
      'quota',
      'prompt',
      'completion',
      'token',
      'group',
      'type',
      'useTime',
      'details',
    ]);
    expect(columnsInOrder(user, false)).toEqual(user);
  });

  it('on a phone keeps the lead of what is shown only', () => {
    const shown = visibleColumns({ model: false, prompt: false }, true);
    expect(columnsInOrder(shown, true).slice(0, 4)).toEqual(['time', 'quota', 'completion', 'channel']);
  });
});
