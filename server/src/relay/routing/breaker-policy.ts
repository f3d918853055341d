import type { OptionKey } from '@relaygate/contract';
import type { BreakerPolicy } from '../../cache/circuit-breakers.ts';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { OptionsCache } from '../../cache/options-cache.ts';

/** The longest cool-down a breaker doubles up to. */
const MAX_COOLDOWN_MS = 10 * 60 * 1000;

type Settings = Pick<OptionsCache, 'number'>;

/** The breaker settings for a channel: its own overrides, else the site's (CircuitBreaker*). */
export function breakerPolicy(settings: Settings, channel: RoutableChannel | undefined): BreakerPolicy {
  const own = channel?.routing ?? {};
  const seconds = (value: number | undefined, key: OptionKey) => (value || settings.number(key)) * 1000;
  return {
    failures: own.circuit_breaker_failures || settings.number('CircuitBreakerFailures'),
    windowMs: seconds(own.circuit_breaker_window_seconds, 'CircuitBreakerWindowSeconds'),
    cooldownMs: seconds(own.circuit_breaker_cooldown_seconds, 'CircuitBreakerCooldownSeconds'),
    maxCooldownMs: MAX_COOLDOWN_MS,
  };
}

/**
 * How long an attempt may wait for its first byte (0: no limit): for a stream, until its first
 * event (StreamFirstByteTimeoutSeconds); otherwise until the answer's headers (FirstByteTimeoutSeconds).
 * A channel's own value wins, 0 there included.
 */
export function firstByteTimeoutMs(settings: Settings, channel: RoutableChannel, stream: boolean): number {
  const own = stream
    ? channel.routing.stream_first_byte_timeout_seconds
    : channel.routing.first_byte_timeout_seconds;
  return (
    (own ?? settings.number(stream ? 'StreamFirstByteTimeoutSeconds' : 'FirstByteTimeoutSeconds')) * 1000
  );
}

/**
 * Whether a failure counts against the channel: its server errors, timeouts, connection failures
 * and rate limits; not the caller's own 4xx, nor a caller who left (499).
 */
export function countsAgainstChannel(status: number): boolean {
  return (status >= 500 && status <= 599) || status === 408 || status === 429;
}
