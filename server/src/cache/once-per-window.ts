import type { RedisConnection } from './redis-connection.ts';

/**
 * "At most once per window" per key (one code per address per 30 s, one warning per user per
 * 2 hours): `claim` answers true for the first caller of a window and false for every other,
 * until the window is over. Counted in Redis when configured and reachable (every node sees the
 * same claim), otherwise in this process. The clock is Date.now, so tests can move it.
 */
export interface OncePerWindow {
  /** True when the key was free and is now claimed for `seconds`. */
  claim(key: string, seconds: number): Promise<boolean>;
  /** Seconds left on a claim (0: free). */
  remaining(key: string): Promise<number>;
  /** Frees a claim early (e.g. the mail it guarded could not be sent). */
  release(key: string): Promise<void>;
}

export function oncePerWindow(name: string, redis: RedisConnection | undefined): OncePerWindow {
  const local = new Map<string, number>();
  const localRemaining = (key: string) => {
    const until = local.get(key) ?? 0;
    const left = Math.ceil((until - Date.now()) / 1000);
    if (left <= 0) local.delete(key);
    return Math.max(0, left);
  };
  const full = (key: string) => `${redis?.keyPrefix ?? ''}once:${name}:${key}`;
  const useRedis = () => redis?.connected === true;
  return {
    async claim(key, seconds) {
      if (useRedis()) return (await redis!.client.set(full(key), '1', 'EX', seconds, 'NX')) === 'OK';
      if (localRemaining(key) > 0) return false;
      local.set(key, Date.now() + seconds * 1000);
      if (local.size > 10_000) for (const k of local.keys()) localRemaining(k);
      return true;
    },
    async remaining(key) {
      if (useRedis()) return Math.max(0, await redis!.client.ttl(full(key)));
      return localRemaining(key);
    },
    async release(key) {
      if (useRedis()) await redis!.client.del(full(key));
      else local.delete(key);
    },
  };
}
