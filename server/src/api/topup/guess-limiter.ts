import { RateLimiterMemory } from 'rate-limiter-flexible';

/** Failed redemptions allowed per user and per address in one window (new-api's limit). */
export const REDEEM_FAILURE_LIMIT = 20;
export const REDEEM_FAILURE_WINDOW_SECONDS = 20 * 60;

/**
 * Limits guessing of redemption codes: every refused attempt counts against the user and the
 * address; once either has REDEEM_FAILURE_LIMIT failures in the window, further attempts are
 * refused before the database is asked. The counts live in this process's memory, so a
 * cluster of N workers (or nodes) admits up to N times the limit; sharing them through Redis
 * is a later step.
 */
export class GuessLimiter {
  private readonly failures: RateLimiterMemory;
  private readonly limit: number;

  constructor(limit = REDEEM_FAILURE_LIMIT, windowSeconds = REDEEM_FAILURE_WINDOW_SECONDS) {
    this.limit = limit;
    this.failures = new RateLimiterMemory({ points: limit, duration: windowSeconds });
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
