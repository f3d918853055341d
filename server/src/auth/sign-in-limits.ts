import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RedisConnection } from '../cache/redis-connection.ts';

/**
 * new-api's critical rate limit on sign-in: requests per client address, and failed attempts per
 * account (so a password cannot be guessed from many addresses either), each `attempts` per
 * `windowSeconds`. Counted in Redis when the nodes share one (in this process if Redis fails),
 * otherwise in this process.
 */
export interface SignInLimits {
  /** Counts a sign-in request from this address; false once the address is over its limit. */
  allowAddress(address: string): Promise<boolean>;
  /** Whether this account may be tried now (it is not over its limit of failed attempts). */
  accountAllowed(account: string): Promise<boolean>;
  /** Counts a failed attempt against the account. */
  accountFailed(account: string): Promise<void>;
}

const NO_LIMITS: SignInLimits = {
  allowAddress: async () => true,
  accountAllowed: async () => true,
  accountFailed: async () => undefined,
};

function limiter(name: string, points: number, duration: number, redis: RedisConnection | undefined) {
  const memory = new RateLimiterMemory({ keyPrefix: name, points, duration });
  if (!redis) return memory;
  return new RateLimiterRedis({
    storeClient: redis.client,
    keyPrefix: `${redis.keyPrefix}signin:${name}`,
    points,
    duration,
    insuranceLimiter: memory,
  });
}

/** Consumes a point; false when none was left. Store errors other than "over the limit" are thrown. */
async function consumed(limit: RateLimiterMemory | RateLimiterRedis, key: string): Promise<boolean> {
  try {
    await limit.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

export function signInLimits(
  setting: { attempts: number; windowSeconds: number } | null,
  redis: RedisConnection | undefined,
): SignInLimits {
  if (!setting) return NO_LIMITS;
  const byAddress = limiter('address', setting.attempts, setting.windowSeconds, redis);
  const byAccount = limiter('account', setting.attempts, setting.windowSeconds, redis);
  const accountKey = (account: string) => account.trim().toLowerCase();
  return {
    allowAddress: (address) => consumed(byAddress, address),
    async accountAllowed(account) {
      const state = await byAccount.get(accountKey(account));
      return (state?.consumedPoints ?? 0) < setting.attempts;
    },
    async accountFailed(account) {
      await consumed(byAccount, accountKey(account));
    },
  };
}

const sharedLimits = new WeakMap<object, SignInLimits>();

/**
 * The one set of sign-in limits of an app (keyed by its config object): password sign-in, third-party
 * callbacks and the other sign-in endpoints all count against the same per-address budget.
 */
export function appSignInLimits(
  config: { signInLimit: { attempts: number; windowSeconds: number } | null },
  redis: RedisConnection | undefined,
): SignInLimits {
  let limits = sharedLimits.get(config);
  if (!limits) {
    limits = signInLimits(config.signInLimit, redis);
    sharedLimits.set(config, limits);
  }
  return limits;
}
