import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { GuessLimiter } from '../src/api/topup/guess-limiter.ts';
import { RedisConnection } from '../src/cache/redis-connection.ts';
import { redisReachable, TEST_REDIS_URL } from './support/redis.ts';

const reachable = await redisReachable();
if (!reachable)
  console.warn(
    `\n*** Redis (${TEST_REDIS_URL}) is not reachable: the shared guess-limit test is SKIPPED ***\n`,
  );

/** Two limiters on one Redis stand for two nodes: a guesser spreading attempts over them is still stopped at the limit. */
describe.skipIf(!reachable)('redemption guessing limited across nodes through Redis', () => {
  const quiet = { warn() {}, info() {} };
  const prefix = `rgtest:${randomUUID()}:`;
  const connections = [
    new RedisConnection(TEST_REDIS_URL, prefix, quiet),
    new RedisConnection(TEST_REDIS_URL, prefix, quiet),
  ];
  afterAll(() => connections.forEach((connection) => connection.close()));

  it('counts failures made on either node against one limit', async () => {
    for (const connection of connections) expect(await connection.ready(5000)).toBe(true);
    const [a, b] = connections.map((connection) => new GuessLimiter(4, 60, connection));
    await a!.fail(['user:7', 'ip:x']);
    await b!.fail(['user:7', 'ip:y']);
    await a!.fail(['user:7', 'ip:z']);
    expect(await b!.blocked(['user:7', 'ip:w'])).toBe(false);
    await b!.fail(['user:7', 'ip:w']);
    expect(await a!.blocked(['user:7', 'ip:v'])).toBe(true);
    expect(await b!.blocked(['user:7', 'ip:v'])).toBe(true);
    expect(await a!.blocked(['user:8', 'ip:v'])).toBe(false);
  });
});
