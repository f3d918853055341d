import { describe, expect, it } from 'vitest';
import registrySource from '../../../../../server/src/options/registry.ts?raw';
import { toFormValues } from './option-fields.ts';
import { planSave } from './plan-save.ts';
import { DASHBOARD_SECTION, GENERAL_SECTION, RATIO_JSON_SECTION } from '../sections/operation-sections.ts';
import * as operation from '../sections/operation-sections.ts';
import * as other from '../sections/other-sections.ts';
import * as system from '../sections/system-sections.ts';
import { PAYMENT_SECTION } from '../sections/system-sections.ts';
import type { SectionSpec } from '../sections/section-spec.ts';

const allSections = [...Object.values(operation), ...Object.values(system), ...Object.values(other)].flatMap(
  (value) => (Array.isArray(value) ? value : [value]),
) as SectionSpec[];

describe('section definitions', () => {
  it('only use option keys that the server registry defines', () => {
    const keys = allSections.flatMap((section) => section.fields.map((field) => field.key));
    expect(keys.length).toBeGreaterThan(80);
    const missing = keys.filter(
      (key) => !registrySource.includes(`  ${key}: `) && !registrySource.includes(`  '${key}': `),
    );
    expect(missing).toEqual([]);
  });

  it('give every form a distinct name', () => {
    const names = allSections.map((section) => section.form);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('planSave', () => {
  const options = {
    DataExportEnabled: 'true',
    DataExportInterval: '5',
    DataExportDefaultTime: 'hour',
    QuotaDataRetentionDays: '0',
  };

  it('says nothing changed', () => {
    expect(planSave(DASHBOARD_SECTION, options, toFormValues(DASHBOARD_SECTION.fields, options))).toEqual({
      kind: 'nothing',
    });
  });

  it('refuses an interval under one minute', () => {
    const values = { ...toFormValues(DASHBOARD_SECTION.fields, options), DataExportInterval: 0 };
    expect(planSave(DASHBOARD_SECTION, options, values)).toEqual({
      kind: 'problems',
      problems: [{ key: 'DataExportInterval', problem: 'tooSmall' }],
    });
  });

  it('sends the changed keys', () => {
    const values = { ...toFormValues(DASHBOARD_SECTION.fields, options), DataExportDefaultTime: 'week' };
    expect(planSave(DASHBOARD_SECTION, options, values)).toEqual({
      kind: 'send',
      changes: [{ key: 'DataExportDefaultTime', value: 'week' }],
    });
  });

  it('refuses payment settings while no server address is set', () => {
    const loaded = { MinTopUp: '1', Price: '7.3', TopupGroupRatio: '{}' };
    const values = { ...toFormValues(PAYMENT_SECTION.fields, loaded), EpayId: '1001' };
    expect(planSave(PAYMENT_SECTION, loaded, values)).toEqual({
      kind: 'blocked',
      message: 'needServerAddress',
    });
    const withAddress = { ...loaded, ServerAddress: 'https://gw.example' };
    expect(planSave(PAYMENT_SECTION, withAddress, values).kind).toBe('send');
  });

  it('pretty-prints the model tables', () => {
    const loaded = { ModelPrice: '{}', ModelRatio: '{"a":1}', CacheRatio: '{}', CompletionRatio: '{}' };
    const values = { ...toFormValues(RATIO_JSON_SECTION.fields, loaded), ModelRatio: '{"a":2}' };
    expect(planSave(RATIO_JSON_SECTION, loaded, values)).toEqual({
      kind: 'send',
      changes: [{ key: 'ModelRatio', value: '{\n  "a": 2\n}' }],
    });
  });

  it('keeps the general section to registry keys with dots as they are', () => {
    expect(GENERAL_SECTION.fields.map((field) => field.key)).toContain('general_setting.docs_link');
  });
});
