import { describe, expect, it } from 'vitest';
import { toRoutable, type ChannelRow } from '../../cache/channel-index.ts';
import { breakerPolicy, countsAgainstChannel, firstByteTimeoutMs } from './breaker-policy.ts';

const SITE: Record<string, number> = {
  CircuitBreakerFailures: 5,
  CircuitBreakerWindowSeconds: 60,
  CircuitBreakerCooldownSeconds: 30,
  StreamFirstByteTimeoutSeconds: 20,
  FirstByteTimeoutSeconds: 0,
};
const settings = { number: (key: string) => SITE[key]! };
const channel = (setting: unknown) =>
  toRoutable({ id: 1, type: 1, priority: 0, weight: 0, setting: JSON.stringify(setting) } as ChannelRow);

describe('breaker policy', () => {
  it('takes the site settings, and a channel’s own where it sets them', () => {
    expect(breakerPolicy(settings, channel({}))).toEqual({
      failures: 5,
      windowMs: 60_000,
      cooldownMs: 30_000,
      maxCooldownMs: 600_000,
    });
    const own = channel({
      circuit_breaker_failures: 2,
      circuit_breaker_cooldown_seconds: 5,
      force_format: true,
    });
    expect(breakerPolicy(settings, own)).toMatchObject({ failures: 2, windowMs: 60_000, cooldownMs: 5000 });
  });

  it('times the first byte of streams and plain calls apart; a channel may turn it off with 0', () => {
    expect(firstByteTimeoutMs(settings, channel({}), true)).toBe(20_000);
    expect(firstByteTimeoutMs(settings, channel({}), false)).toBe(0);
    expect(firstByteTimeoutMs(settings, channel({ stream_first_byte_timeout_seconds: 0 }), true)).toBe(0);
    expect(firstByteTimeoutMs(settings, channel({ first_byte_timeout_seconds: 90 }), false)).toBe(90_000);
    // Nonsense in the channel's settings is ignored.
    expect(firstByteTimeoutMs(settings, channel({ stream_first_byte_timeout_seconds: 'soon' }), true)).toBe(
      20_000,
    );
  });

  it('blames the channel for its own failures only', () => {
    for (const status of [500, 502, 503, 504, 429, 408]) expect(countsAgainstChannel(status)).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 499]) expect(countsAgainstChannel(status)).toBe(false);
  });
});
