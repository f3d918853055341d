import { describe, expect, it } from 'vitest';
import {
  checkPriority,
  checkWeight,
  findMappingCycle,
  firstKey,
  keyLines,
  normalizeBaseUrl,
  normalizeGroups,
  normalizeJsonObject,
  normalizeModelMapping,
  normalizeModels,
  normalizeNames,
  normalizeStatusCodeMapping,
} from './channel-rules.ts';
import { msg } from '../../i18n/text.ts';

describe('channel field rules', () => {
  it('trims and de-duplicates comma lists, from text or arrays', () => {
    expect(normalizeNames(' a, b ,,a , c ')).toEqual(['a', 'b', 'c']);
    expect(normalizeNames(['a', ' b', 'a,c'])).toEqual(['a', 'b', 'c']);
    expect(normalizeModels('gpt-4o, gpt-4o ,o3')).toBe('gpt-4o,o3');
    expect(normalizeGroups(['default', 'vip', 'default'])).toBe('default,vip');
  });

  it('needs at least one model and one group, each of a storable length', () => {
    expect(() => normalizeModels(' , ')).toThrow('please select at least one model');
    expect(() => normalizeGroups('')).toThrow('please select at least one group');
    expect(() => normalizeModels('m'.repeat(256))).toThrow(/model name is too long/);
    expect(() => normalizeGroups('g'.repeat(65))).toThrow(/group name is too long/);
  });

  it('strips trailing slashes from base URLs and accepts only http(s)', () => {
    expect(normalizeBaseUrl(' https://api.example.com/v1/// ')).toBe('https://api.example.com/v1');
    expect(normalizeBaseUrl('')).toBe('');
    expect(normalizeBaseUrl('/')).toBe('');
    expect(() => normalizeBaseUrl('ftp://example.com')).toThrow(/http/);
    expect(() => normalizeBaseUrl('example.com')).toThrow(/http/);
    expect(() => normalizeBaseUrl(`https://x.com/${'a'.repeat(600)}`)).toThrow(/512/);
  });

  it('accepts a model mapping that is a JSON object of strings, and refuses cycles', () => {
    expect(normalizeModelMapping('')).toBe('');
    expect(normalizeModelMapping('null')).toBe('');
    expect(normalizeModelMapping(' {"a":"b","b":"c"} ')).toBe('{"a":"b","b":"c"}');
    expect(normalizeModelMapping('{"a":"a"}')).toBe('{"a":"a"}');
    for (const bad of ['{', '[]', '"x"', '{"a":1}', '{"a":null}']) {
      expect(() => normalizeModelMapping(bad)).toThrow('model mapping must be valid JSON format');
    }
    expect(() => normalizeModelMapping('{"a":"b","b":"c","c":"a"}')).toThrow(/cycle: a → b → c → a/);
  });

  it('finds the first mapping cycle or none', () => {
    expect(findMappingCycle(new Map([['x', 'y']]))).toBeNull();
    expect(findMappingCycle(new Map([['x', '']]))).toBeNull();
    expect(
      findMappingCycle(
        new Map([
          ['p', 'q'],
          ['q', 'q'],
        ]),
      ),
    ).toBeNull();
    expect(
      findMappingCycle(
        new Map([
          ['a', 'b'],
          ['b', 'a'],
        ]),
      ),
    ).toEqual(['a', 'b', 'a']);
  });

  it('accepts status code mappings of 3-digit codes only', () => {
    expect(normalizeStatusCodeMapping('{"429":"503","500":502}')).toBe('{"429":"503","500":502}');
    expect(normalizeStatusCodeMapping('')).toBe('');
    for (const bad of ['{"abc":"500"}', '{"400":"5000"}', '{"400":true}', '[400]', 'x', '{"600":"500"}']) {
      expect(() => normalizeStatusCodeMapping(bad)).toThrow(/3-digit status codes/);
    }
  });

  it('checks JSON object fields', () => {
    const setting = msg('channel.field.setting');
    expect(normalizeJsonObject('{"a":1}', setting)).toBe('{"a":1}');
    expect(() => normalizeJsonObject('[1]', setting)).toThrow('setting must be a valid JSON object');
  });

  it('bounds priority and weight', () => {
    expect(checkPriority(-999)).toBe(-999);
    expect(() => checkPriority(-1000)).toThrow(/at least -999/);
    expect(() => checkPriority(1.5)).toThrow(/integer/);
    expect(checkWeight(0)).toBe(0);
    expect(() => checkWeight(-1)).toThrow(/non-negative integer/);
    expect(() => checkWeight(2 ** 31)).toThrow(/non-negative integer/);
  });

  it('splits batch keys into distinct non-empty lines', () => {
    expect(keyLines(' k1 \r\n\nk2\nk1\n ')).toEqual(['k1', 'k2']);
    expect(firstKey('\n k1\nk2')).toBe('k1');
    expect(firstKey('')).toBe('');
  });
});
