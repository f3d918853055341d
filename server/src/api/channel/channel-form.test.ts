import { describe, expect, it } from 'vitest';
import type { ChannelRecord } from '../../store/channels.ts';
import { channelChanges, newChannelRows } from './channel-form.ts';
import { tagChanges, anyChange } from './tag-routes.ts';
import { channelInputSchema, tagEditSchema } from './schemas.ts';

const input = (body: Record<string, unknown>) => channelInputSchema.parse(body);

const stored = {
  id: 7,
  type: 1,
  key: 'sk-stored',
  name: 'stored',
  status: 1,
  base_url: '',
  other: '',
  models: 'a,b',
  group: 'default',
  priority: 0,
  weight: 0,
  tag: 'grp',
  model_mapping: '',
} as unknown as ChannelRecord;

describe('channel form', () => {
  it('fills new-api defaults on create', () => {
    const [row] = newChannelRows(input({ name: ' n ', key: ' k ', models: 'm1, m1,m2' }), 'single', 1000);
    expect(row).toMatchObject({
      name: 'n',
      key: 'k',
      models: 'm1,m2',
      type: 1,
      auto_ban: 1,
      group: 'default',
      priority: 0,
      weight: 0,
      status: 1,
      created_time: 1000,
    });
  });

  it('makes one channel per key line in batch mode only', () => {
    const body = input({ name: 'n', key: 'k1\nk2\n\nk1', models: 'm' });
    expect(newChannelRows(body, 'batch', 1).map((r) => r.key)).toEqual(['k1', 'k2']);
    expect(newChannelRows(body, 'single', 1).map((r) => r.key)).toEqual(['k1\nk2\n\nk1']);
  });

  it('refuses a channel without name, key or models', () => {
    expect(() => newChannelRows(input({ key: 'k', models: 'm' }), 'single', 1)).toThrow(
      'please fill in channel name and key',
    );
    expect(() => newChannelRows(input({ name: 'n', key: ' ', models: 'm' }), 'single', 1)).toThrow(
      'please fill in channel name and key',
    );
    expect(() => newChannelRows(input({ name: 'n', key: 'k' }), 'single', 1)).toThrow(
      'please select at least one model',
    );
  });

  it('needs a base URL for Azure and defaults the Spark version', () => {
    expect(() => newChannelRows(input({ name: 'n', key: 'k', models: 'm', type: 3 }), 'single', 1)).toThrow(
      /base URL is required/,
    );
    const [spark] = newChannelRows(input({ name: 'n', key: 'k', models: 'm', type: 18 }), 'single', 1);
    expect(spark?.other).toBe('v2.1');
    expect(() => newChannelRows(input({ name: 'n', key: 'k', models: 'm', type: 999 }), 'single', 1)).toThrow(
      'unknown channel type: 999',
    );
  });

  it('refuses a key no format of its type takes, naming the formats, on create and on edit', () => {
    const bedrock = (key: string) => input({ name: 'n', key, models: 'm', type: 33 });
    expect(() => newChannelRows(bedrock('sk-plain'), 'single', 1)).toThrow(
      'AWS Bedrock Claude: a key must be written as AccessKeyId|SecretAccessKey|region, e.g. AKIA…|…|us-east-1 or BedrockApiKey|region',
    );
    expect(() => newChannelRows(bedrock('AK|SK|us-east-1\nsk-plain'), 'batch', 1)).toThrow(
      /must be written as/,
    );
    expect(newChannelRows(bedrock('AK|SK|us-east-1\nABSK|eu-west-3'), 'single', 1)).toHaveLength(1);
    // A free-form format takes any key; Vertex's service account is one JSON document.
    expect(
      newChannelRows(input({ name: 'n', key: 'anything', models: 'm', type: 26 }), 'single', 1),
    ).toHaveLength(1);
    expect(() =>
      newChannelRows(input({ name: 'n', key: 'sk-x', models: 'm', type: 41 }), 'single', 1),
    ).toThrow(/Vertex AI: a key must be written as/);
    // An edit that moves a channel to Bedrock holds its stored key to Bedrock's formats.
    expect(() => channelChanges(stored, input({ type: 33 }), ['id', 'type'])).toThrow(/must be written as/);
    expect(channelChanges(stored, input({ type: 33, key: 'ABSK|us-east-1' }), ['id', 'type', 'key'])).toEqual(
      {
        changes: { type: 33, key: 'ABSK|us-east-1' },
      },
    );
  });

  it('keeps the stored key when the update sends none, and applies status only in the short forms', () => {
    const full = channelChanges(stored, input({ name: 'x', key: '', status: 2 }), [
      'id',
      'name',
      'key',
      'status',
    ]);
    expect(full).toEqual({ changes: { name: 'x' } });
    expect(channelChanges(stored, input({ status: 2 }), ['id', 'status'])).toEqual({
      changes: {},
      status: 2,
    });
    expect(channelChanges(stored, input({ status: 1 }), ['id', 'status'])).toEqual({ changes: {} });
    expect(() => channelChanges(stored, input({ status: 3 }), ['id', 'status'])).toThrow(/status must be/);
    expect(() => channelChanges(stored, input({ type: 3 }), ['id', 'type'])).toThrow(/base URL is required/);
    expect(() => channelChanges(stored, input({ name: '' }), ['id', 'name'])).toThrow(/name cannot be empty/);
  });
});

describe('tag edit', () => {
  const edit = (body: Record<string, unknown>) => tagChanges(tagEditSchema.parse({ tag: 'grp', ...body }));

  it('changes only what is given; empty lists leave the channels alone; an empty new tag dissolves', () => {
    expect(edit({ models: '', groups: '', new_tag: null })).toEqual({});
    expect(edit({ new_tag: '' })).toEqual({ tag: null });
    expect(edit({ priority: '5', weight: 2, models: 'x, y' })).toEqual({
      priority: 5,
      weight: 2,
      models: 'x,y',
    });
    expect(() => edit({ weight: -1 })).toThrow(/non-negative/);
    expect(() => edit({ model_mapping: '{' })).toThrow('model mapping must be valid JSON format');
  });

  it('tells whether anything would change', () => {
    expect(anyChange([stored], { tag: 'grp', models: 'a,b' })).toBe(false);
    expect(anyChange([stored], { priority: 0 })).toBe(false);
    expect(anyChange([stored], { priority: 1 })).toBe(true);
    expect(anyChange([stored], { tag: null })).toBe(true);
  });
});
