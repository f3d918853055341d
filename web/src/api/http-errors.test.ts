import { describe, expect, it } from 'vitest';
import { httpErrorKey } from './http-errors.ts';

describe('httpErrorKey', () => {
  it('maps the statuses of the error catalogue to their messages', () => {
    expect(httpErrorKey(401)).toBe('error.expired');
    expect(httpErrorKey(405)).toBe('error.demo');
    expect(httpErrorKey(429)).toBe('error.tooMany');
    expect(httpErrorKey(500)).toBe('error.internal');
  });

  it('prefixes any other status', () => {
    expect(httpErrorKey(404)).toBe('error.http');
    expect(httpErrorKey(502)).toBe('error.http');
  });
});
