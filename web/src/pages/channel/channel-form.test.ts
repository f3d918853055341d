import type { ChannelView } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHANNEL_FORM,
  addCustomModels,
  channelToForm,
  copyToForm,
  createBody,
  formToPayload,
  integerAtLeast,
  isJsonObjectText,
  mergeModels,
  typeOptions,
  validateChannelForm,
} from './channel-form.ts';

const channel: ChannelView = {
  id: 7,
  type: 1,
  name: 'main',
  key: '',
  openai_organization: '',
  test_model: 'gpt-4o-mini',
  status: 1,
  weight: 3,
  created_time: 1,
  test_time: 0,
  response_time: 0,
  test_outcome: 0,
  test_error: '',
  base_url: 'https://api.example.com',
  other: '',
  balance: 0,
  balance_updated_time: 0,
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default,vip',
  used_quota: 0,
  model_mapping: '',
  status_code_mapping: '',
  priority: -2,
  auto_ban: 0,
  other_info: '',
  tag: 'team',
  setting: '',
  param_override: '',
  header_override: '',
  remark: 'note',
  max_input_tokens: 0,
  concurrency_limit: 0,
};

const filled = { ...DEFAULT_CHANNEL_FORM, name: 'n', key: 'sk-1', models: ['gpt-4o'] };

describe('channelToForm', () => {
  it('splits models and groups and starts with a blank key', () => {
    const form = channelToForm(channel);
    expect(form.models).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(form.groups).toEqual(['default', 'vip']);
    expect(form.key).toBe('');
    expect(form.auto_ban).toBe(false);
    expect(form.priority).toBe(-2);
  });
  it('marks a copy by its name', () => {
    expect(copyToForm(channel).name).toBe('main_copy');
  });
});

describe('validateChannelForm', () => {
  it('needs name and key on create', () => {
    expect(validateChannelForm({ ...filled, key: ' ' }, true)).toEqual({
      message: 'channel.error.nameAndKey',
      fields: ['key'],
    });
    expect(validateChannelForm({ ...filled, name: '', key: '' }, true)?.fields).toEqual(['name', 'key']);
    expect(validateChannelForm({ ...filled, name: '', key: '' }, false)?.fields).toEqual(['name']);
  });
  it('keeps the stored key when the key is blank on edit', () => {
    expect(validateChannelForm({ ...filled, key: '' }, false)).toBeNull();
  });
  it('needs a model', () => {
    expect(validateChannelForm({ ...filled, models: [] }, true)).toEqual({
      message: 'channel.error.noModels',
      fields: ['models'],
    });
  });
  it('needs JSON objects for the mappings', () => {
    expect(validateChannelForm({ ...filled, model_mapping: '{bad' }, true)?.fields).toEqual([
      'model_mapping',
    ]);
    expect(validateChannelForm({ ...filled, status_code_mapping: '[1]' }, true)).toEqual({
      message: 'channel.error.statusCodeJson',
      fields: ['status_code_mapping'],
    });
    expect(validateChannelForm({ ...filled, setting: '3' }, true)?.fields).toEqual(['setting']);
    expect(validateChannelForm({ ...filled, model_mapping: '{"a":"b"}' }, true)).toBeNull();
  });
  it('reads empty and "null" JSON as none', () => {
    expect(isJsonObjectText('')).toBe(true);
    expect(isJsonObjectText('null')).toBe(true);
  });
});

describe('formToPayload', () => {
  it('joins lists, strips the base URL slash and maps auto_ban', () => {
    const payload = formToPayload({
      ...filled,
      base_url: 'https://x.example.com//',
      models: ['a', 'b'],
      groups: ['default', 'vip'],
      auto_ban: false,
    });
    expect(payload).toMatchObject({
      base_url: 'https://x.example.com',
      models: 'a,b',
      group: 'default,vip',
      auto_ban: 0,
      key: 'sk-1',
    });
    expect(payload.id).toBeUndefined();
  });
  it("sends `other` trimmed, empty when left empty (the server fills in a type's default)", () => {
    expect(formToPayload({ ...filled, type: 18, other: ' v3.5 ' }).other).toBe('v3.5');
    expect(formToPayload({ ...filled, type: 18, other: '' }).other).toBe('');
  });
  it('leaves out a blank key and an empty priority, clamps weight at 0', () => {
    const payload = formToPayload({ ...filled, key: '', priority: null, weight: -5 }, 7);
    expect(payload.id).toBe(7);
    expect('key' in payload).toBe(false);
    expect('priority' in payload).toBe(false);
    expect(payload.weight).toBe(0);
  });
  it('keeps priority at least -999 and whole', () => {
    expect(integerAtLeast(-5000, -999)).toBe(-999);
    expect(integerAtLeast(3.7, 0)).toBe(3);
    expect(integerAtLeast(null, 0)).toBeUndefined();
  });
  it('wraps batch creation in the mode form', () => {
    expect(createBody({ ...filled, batch: true })).toMatchObject({ mode: 'batch', channel: { key: 'sk-1' } });
    expect(createBody(filled)).toMatchObject({ key: 'sk-1', name: 'n' });
  });
});

describe('custom models', () => {
  it('adds new names and reports duplicates', () => {
    expect(addCustomModels(['a'], 'b, a ,c,b')).toEqual({ models: ['a', 'b', 'c'], duplicates: ['a'] });
  });
  it('merges fetched models', () => {
    expect(mergeModels(['a'], ['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('the type options', () => {
  const types = [
    { id: 1, name: 'OpenAI' },
    { id: 39, name: 'Cloudflare Workers AI' },
  ];
  const unlisted = (id: number) => `Type ${id} (no longer offered)`;

  it('are the offered types, with a channel of a type no longer offered keeping its own', () => {
    expect(typeOptions(types, 1, unlisted)).toEqual([
      { value: 1, label: 'OpenAI' },
      { value: 39, label: 'Cloudflare Workers AI' },
    ]);
    expect(typeOptions(types, 11, unlisted).at(-1)).toEqual({
      value: 11,
      label: 'Type 11 (no longer offered)',
    });
    expect(typeOptions(undefined, 11, unlisted)).toEqual([]);
  });
});
