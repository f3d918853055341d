import { describe, expect, it } from 'vitest';
import { splitActions } from './row-actions.ts';

describe('splitActions', () => {
  it('shows the first ones and puts the rest under More', () => {
    expect(splitActions(['copy', 'edit', 'disable', 'delete', 'x'], 3)).toEqual([
      ['copy', 'edit', 'disable'],
      ['delete', 'x'],
    ]);
  });

  it('never makes a More holding a single action', () => {
    expect(splitActions(['copy', 'edit', 'disable', 'delete'], 3)).toEqual([
      ['copy', 'edit', 'disable', 'delete'],
      [],
    ]);
    expect(splitActions(['edit', 'delete'], 1)).toEqual([['edit', 'delete'], []]);
  });

  it('leaves out the actions a row does not offer', () => {
    expect(splitActions(['edit', false, null, undefined, 'delete', 'a', 'b'], 1)).toEqual([
      ['edit'],
      ['delete', 'a', 'b'],
    ]);
  });
});
