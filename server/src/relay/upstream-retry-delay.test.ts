import { describe, expect, it } from 'vitest';
import { upstreamRetryDelay } from './upstream-retry-delay.ts';

describe('upstreamRetryDelay', () => {
  it('reads Retry-After in seconds or as a date, and retry-after-ms first', () => {
    expect(upstreamRetryDelay({ 'retry-after': '7' }, '')).toBe(7);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(upstreamRetryDelay({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }, '', now)).toBe(30);
    expect(upstreamRetryDelay({ 'retry-after-ms': '1500', 'retry-after': '9' }, '')).toBe(1.5);
  });

  it("reads a Gemini error's RetryInfo, and nothing from a body without one", () => {
    const gemini = JSON.stringify({
      error: {
        code: 429,
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '34.4s' }],
      },
    });
    expect(upstreamRetryDelay({}, gemini)).toBe(34.4);
    expect(upstreamRetryDelay({}, '{"error":{"message":"slow down"}}')).toBeUndefined();
    expect(upstreamRetryDelay({ 'retry-after': 'soon' }, 'RetryInfo but not JSON')).toBeUndefined();
  });
});
