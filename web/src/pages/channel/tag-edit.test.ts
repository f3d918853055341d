import { describe, expect, it } from 'vitest';
import { initialTagEdit, tagEditPayload } from './tag-edit.ts';

const initial = initialTagEdit('team', ['a', 'b']);

describe('tagEditPayload', () => {
  it('says no changes when nothing changed', () => {
    expect(tagEditPayload('team', initial, initial)).toEqual({ error: 'channel.tag.noChanges' });
  });
  it('sends only changed fields', () => {
    expect(tagEditPayload('team', { ...initial, models: ['a'], priority: 3 }, initial)).toEqual({
      payload: { tag: 'team', models: 'a', priority: 3 },
    });
  });
  it('dissolves the tag with an empty new tag', () => {
    expect(tagEditPayload('team', { ...initial, new_tag: ' ' }, initial)).toEqual({
      payload: { tag: 'team', new_tag: '' },
    });
  });
  it('checks JSON, priority and weight', () => {
    expect(tagEditPayload('team', { ...initial, model_mapping: '{' }, initial)).toEqual({
      error: 'channel.error.mappingJson',
    });
    expect(tagEditPayload('team', { ...initial, priority: 1.5 }, initial)).toEqual({
      error: 'channel.error.priority',
    });
    expect(tagEditPayload('team', { ...initial, weight: -1 }, initial)).toEqual({
      error: 'channel.error.weight',
    });
  });
  it('sends groups as a comma list', () => {
    expect(tagEditPayload('team', { ...initial, groups: ['default', 'vip'] }, initial)).toEqual({
      payload: { tag: 'team', groups: 'default,vip' },
    });
  });
});
