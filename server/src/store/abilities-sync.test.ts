import { describe, expect, it } from 'vitest';
import { abilityRowsOf } from './abilities-sync.ts';

describe('abilities of a channel', () => {
  it('has one row per distinct (group, model) with the channel status, priority, weight and tag', () => {
    const rows = abilityRowsOf({
      id: 3,
      group: 'default,vip,default',
      models: 'a, b,a',
      status: 1,
      priority: 5,
      weight: 2,
      tag: 't',
    });
    expect(rows).toEqual([
      { group: 'default', model: 'a', channel_id: 3, enabled: 1, priority: 5, weight: 2, tag: 't' },
      { group: 'default', model: 'b', channel_id: 3, enabled: 1, priority: 5, weight: 2, tag: 't' },
      { group: 'vip', model: 'a', channel_id: 3, enabled: 1, priority: 5, weight: 2, tag: 't' },
      { group: 'vip', model: 'b', channel_id: 3, enabled: 1, priority: 5, weight: 2, tag: 't' },
    ]);
  });

  it('is disabled unless the channel is enabled, and untagged for an empty tag', () => {
    const [row] = abilityRowsOf({
      id: 1,
      group: 'g',
      models: 'm',
      status: 3,
      priority: 0,
      weight: 0,
      tag: '',
    });
    expect(row).toMatchObject({ enabled: 0, tag: null });
    expect(
      abilityRowsOf({ id: 1, group: 'g', models: null, status: 1, priority: 0, weight: 0, tag: null }),
    ).toEqual([]);
  });
});
