import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisConnection } from '../../cache/redis-connection.ts';

/** Failed redemptions allowed per user and per address in one window (new-api's limit). */
export const REDEEM_FAILURE_LIMIT = 20;
export const REDEEM_FAILURE_WINDOW_SECONDS = 20 * 60;

/**
 * Limits guessing of redemption codes: every refused attempt counts against the user and the
 * address; once either has REDEEM_FAILURE_LIMIT failures in the window, further attempts are
 * refused before the database is asked. With Redis the counts are shared by every worker and
 * node (keys that expire by themselves); without it, or while it is unreachable, each process
 * counts on its own, so N processes admit up to N times the limit.
 */
export class GuessLimiter {
  private readonly failures: RateLimiterAbstract;
  private readonly limit: number;

  constructor(
    limit = REDEEM_FAILURE_LIMIT,
    windowSeconds = REDEEM_FAILURE_WINDOW_SECONDS,
    redis?: RedisConnection,
  ) {
    this.limit = limit;
    const local = new RateLimiterMemory({ points: limit, duration: windowSeconds });
    this.failures = redis
      ? new RateLimiterRedis({
          storeClient: redis.client,
          keyPrefix: `${redis.keyPrefix}redeem-guess`,
          points: limit,
          duration: windowSeconds,
          insuranceLimiter: local,
        })
      : local;
  }

  /** Whether any of these callers (user, address) has used up its failures. */
  async blocked(callers: string[]): Promise<boolean> {
    const states = await Promise.all(callers.map((caller) => this.failures.get(caller)));
    return states.some((state) => state !== null && state.consumedPoints >= this.limit);
  }

  /** Counts one failure against each caller. */
  async fail(callers: string[]): Promise<void> {
    // consume() rejects once the points are spent; the count is what matters here, not the verdict.
    await Promise.all(callers.map((caller) => this.failures.consume(caller).catch(() => undefined)));
  }
}
