import { describe, expect, it } from 'vitest';
import {
  collectChanges,
  fieldProblem,
  optionMap,
  prettyJson,
  sameJson,
  stripTrailingSlash,
  toFormValues,
  type FieldSpec,
} from './option-fields.ts';

const fields: FieldSpec[] = [
  { key: 'LogConsumeEnabled', kind: 'bool', label: 'x' },
  { key: 'RetryTimes', kind: 'int', label: 'x', min: 0, max: 10 },
  { key: 'QuotaPerUnit', kind: 'float', label: 'x', min: 1 },
  { key: 'ServerAddress', kind: 'text', label: 'x', stripSlash: true },
  { key: 'SensitiveWords', kind: 'textarea', label: 'x' },
  { key: 'GroupRatio', kind: 'json', label: 'x' },
  { key: 'SMTPToken', kind: 'secret', label: 'x' },
  { key: 'DataExportDefaultTime', kind: 'select', label: 'x' },
];

const options = optionMap([
  { key: 'LogConsumeEnabled', value: 'true' },
  { key: 'RetryTimes', value: '3' },
  { key: 'QuotaPerUnit', value: '500000' },
  { key: 'ServerAddress', value: 'https://a.example' },
  { key: 'SensitiveWords', value: 'foo\nbar' },
  { key: 'GroupRatio', value: '{"default":1,"vip":1}' },
  { key: 'DataExportDefaultTime', value: 'hour' },
]);

describe('toFormValues', () => {
  it('turns stored strings into form values, secrets empty', () => {
    expect(toFormValues(fields, options)).toEqual({
      LogConsumeEnabled: true,
      RetryTimes: 3,
      QuotaPerUnit: 500000,
      ServerAddress: 'https://a.example',
      SensitiveWords: 'foo\nbar',
      GroupRatio: '{"default":1,"vip":1}',
      SMTPToken: '',
      DataExportDefaultTime: 'hour',
    });
  });

  it('reads a missing or broken number as empty and a missing boolean as false', () => {
    const values = toFormValues(fields, { RetryTimes: 'abc' });
    expect(values.RetryTimes).toBeNull();
    expect(values.QuotaPerUnit).toBeNull();
    expect(values.LogConsumeEnabled).toBe(false);
  });
});

describe('collectChanges', () => {
  it('finds nothing when the form is as loaded', () => {
    expect(collectChanges(fields, options, toFormValues(fields, options))).toEqual({
      changes: [],
      problems: [],
    });
  });

  it('sends only changed keys, booleans as true/false strings', () => {
    const values = { ...toFormValues(fields, options), LogConsumeEnabled: false, RetryTimes: 5 };
    expect(collectChanges(fields, options, values).changes).toEqual([
      { key: 'LogConsumeEnabled', value: 'false' },
      { key: 'RetryTimes', value: '5' },
    ]);
  });

  it('strips trailing slashes from addresses and ignores a change that only adds one', () => {
    const same = { ...toFormValues(fields, options), ServerAddress: 'https://a.example///' };
    expect(collectChanges(fields, options, same).changes).toEqual([]);
    const changed = { ...same, ServerAddress: 'https://b.example/' };
    expect(collectChanges(fields, options, changed).changes).toEqual([
      { key: 'ServerAddress', value: 'https://b.example' },
    ]);
  });

  it('saves JSON pretty-printed, and a layout-only edit is no change', () => {
    const relaid = { ...toFormValues(fields, options), GroupRatio: '{ "vip": 1,\n "default": 1 }' };
    expect(collectChanges(fields, options, relaid).changes).toEqual([]);
    const changed = { ...relaid, GroupRatio: '{"default":1,"vip":2}' };
    expect(collectChanges(fields, options, changed).changes).toEqual([
      { key: 'GroupRatio', value: '{\n  "default": 1,\n  "vip": 2\n}' },
    ]);
  });

  it('sends a secret only when something was typed', () => {
    const values = toFormValues(fields, options);
    expect(collectChanges(fields, options, { ...values, SMTPToken: '  ' }).changes).toEqual([]);
    expect(collectChanges(fields, options, { ...values, SMTPToken: 'pw' }).changes).toEqual([
      { key: 'SMTPToken', value: 'pw' },
    ]);
  });

  it('reports problems and does not send those keys', () => {
    const values = {
      ...toFormValues(fields, options),
      GroupRatio: '{oops',
      RetryTimes: 11,
      QuotaPerUnit: null,
    };
    const result = collectChanges(fields, options, values);
    expect(result.problems).toEqual([
      { key: 'RetryTimes', problem: 'tooLarge' },
      { key: 'QuotaPerUnit', problem: 'required' },
      { key: 'GroupRatio', problem: 'invalidJson' },
    ]);
    expect(result.changes).toEqual([]);
  });

  it('treats an option the server did not list as changed', () => {
    const values = toFormValues(fields, {});
    const keys = collectChanges(
      fields,
      {},
      { ...values, RetryTimes: 0, QuotaPerUnit: 1, GroupRatio: '{}' },
    ).changes.map((change) => change.key);
    expect(keys).toContain('LogConsumeEnabled');
    expect(keys).toContain('RetryTimes');
  });
});

describe('helpers', () => {
  it('checks numbers', () => {
    const int: FieldSpec = { key: 'RetryTimes', kind: 'int', label: 'x', min: 1 };
    expect(fieldProblem(int, 1.5)).toBe('notNumber');
    expect(fieldProblem(int, 0)).toBe('tooSmall');
    expect(fieldProblem(int, 2)).toBeUndefined();
    expect(fieldProblem({ ...int, kind: 'float' }, 1.5)).toBeUndefined();
  });

  it('compares JSON by content', () => {
    expect(sameJson('{"a":1,"b":[1,2]}', '{"b":[1,2],"a":1}')).toBe(true);
    expect(sameJson('{"a":1}', '{"a":2}')).toBe(false);
    expect(sameJson('not json', 'not json')).toBe(true);
    expect(prettyJson('[1]')).toBe('[\n  1\n]');
    expect(prettyJson('nope')).toBeUndefined();
    expect(stripTrailingSlash(' https://x.dev// ')).toBe('https://x.dev');
  });
});
