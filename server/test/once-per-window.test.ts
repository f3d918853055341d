import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oncePerWindow } from '../src/cache/once-per-window.ts';
import { RedisConnection } from '../src/cache/redis-connection.ts';
import { redisReachable, TEST_REDIS_URL } from './support/redis.ts';

const quiet = { warn: () => {}, info: () => {} };
const reachable = await redisReachable();
if (!reachable)
  console.warn(`\n*** Redis (${TEST_REDIS_URL}) is not reachable: the shared lock test is SKIPPED ***\n`);

describe.skipIf(!reachable)('once per window across nodes (Redis)', () => {
  const prefix = `rgtest:${randomUUID()}:`;
  let a: RedisConnection;
  let b: RedisConnection;

  beforeAll(async () => {
    a = new RedisConnection(TEST_REDIS_URL, prefix, quiet);
    b = new RedisConnection(TEST_REDIS_URL, prefix, quiet);
    expect(await a.ready(3000)).toBe(true);
    expect(await b.ready(3000)).toBe(true);
  });
  afterAll(async () => {
    a?.close();
    b?.close();
  });

  it('of many concurrent claims on two nodes exactly one wins, until released', async () => {
    const nodeA = oncePerWindow('code', a);
    const nodeB = oncePerWindow('code', b);
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? nodeA : nodeB).claim('someone@example.com', 30)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await nodeB.remaining('someone@example.com')).toBeGreaterThan(25);
    expect(await nodeA.claim('other@example.com', 30)).toBe(true);
    await nodeA.release('someone@example.com');
    expect(await nodeB.claim('someone@example.com', 30)).toBe(true);
  });
});

describe('once per window in one process (no Redis)', () => {
  it('claims once until the window passes, by the clock', async () => {
    const lock = oncePerWindow('code', undefined);
    const start = Date.now();
    const realNow = Date.now;
    let now = start;
    Date.now = () => now;
    try {
      expect(await lock.claim('k', 30)).toBe(true);
      expect(await lock.claim('k', 30)).toBe(false);
      now = start + 29_500;
      expect(await lock.remaining('k')).toBe(1);
      expect(await lock.claim('k', 30)).toBe(false);
      now = start + 30_000;
      expect(await lock.claim('k', 30)).toBe(true);
    } finally {
      Date.now = realNow;
    }
  });
});
