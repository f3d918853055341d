import { describe, expect, it } from 'vitest';
import { modelName, optionalObject, streamFlag, tokenCount } from './request-fields.ts';

describe('request field readers', () => {
  it('reads the stream flag, absent or null as false, anything but a boolean refused', () => {
    expect(streamFlag(true)).toBe(true);
    expect(streamFlag(undefined)).toBe(false);
    expect(streamFlag(null)).toBe(false);
    expect(() => streamFlag('true')).toThrow(
      expect.objectContaining({
        status: 400,
        code: 'invalid_request',
        message: 'stream must be true or false',
      }),
    );
  });

  it('reads token counts as whole numbers ≥ 0, naming the field when refused', () => {
    expect(tokenCount(100, 'max_tokens')).toBe(100);
    expect(tokenCount(undefined, 'max_tokens')).toBe(0);
    expect(tokenCount(null, 'max_tokens')).toBe(0);
    for (const bad of [-1, 1.5, '100', Number.NaN, 2 ** 60, {}]) {
      expect(() => tokenCount(bad, 'max_tokens')).toThrow(/^max_tokens must be a whole number/);
    }
  });

  it('reads a model name trimmed, and refuses a missing or empty one with the given wording', () => {
    expect(modelName(' gpt-4o ', 'model is required')).toBe('gpt-4o');
    for (const bad of [undefined, '', '  ', 42]) {
      expect(() => modelName(bad, 'model: field required')).toThrow(/^model: field required$/);
    }
  });

  it('reads an optional object, refusing arrays and scalars', () => {
    expect(optionalObject({ a: 1 }, 'thinking')).toEqual({ a: 1 });
    expect(optionalObject(undefined, 'thinking')).toBeUndefined();
    expect(() => optionalObject([], 'thinking')).toThrow(/^thinking must be an object$/);
    expect(() => optionalObject('x', 'thinking')).toThrow(/^thinking must be an object$/);
  });
});
