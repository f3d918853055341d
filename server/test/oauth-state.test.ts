import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthStates } from '../src/auth/oauth/state.ts';
import { RedisConnection } from '../src/cache/redis-connection.ts';
import { openStore, type Store } from '../src/store/db.ts';
import { redisPrefixFor, redisReachable, TEST_REDIS_URL } from './support/redis.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const redisUp = await redisReachable();
if (!redisUp)
  console.warn(`\n*** Redis (${TEST_REDIS_URL}) is not reachable: its OAuth state tests are SKIPPED ***\n`);

/**
 * The state values of third-party sign-ins live where every node sees them: two OAuthStates (as two
 * nodes have) on one database, or one Redis, share them, and each is taken once.
 */
describe.skipIf(databaseUnavailable())('OAuth state values shared by the nodes', () => {
  let t: TestServer;
  let store: Store;
  let redis: RedisConnection | undefined;

  beforeAll(async () => {
    t = await startTestServer();
    store = openStore({ sqlDsn: t.db.sqlDsn, sqlitePath: t.db.sqlitePath });
    if (redisUp) {
      redis = new RedisConnection(TEST_REDIS_URL, redisPrefixFor(t.db.sqlDsn, t.db.sqlitePath), {
        warn() {},
        info() {},
      });
      expect(await redis.ready(5000)).toBe(true);
    }
  });
  afterAll(async () => {
    redis?.close();
    await store?.close();
    await t?.close();
  });

  const kinds = [
    { name: 'database', nodes: () => [new OAuthStates(store), new OAuthStates(store)] },
    {
      name: 'Redis',
      nodes: () => [new OAuthStates(store, redis), new OAuthStates(store, redis)],
      redis: true,
    },
  ];

  for (const kind of kinds) {
    it.skipIf(kind.redis && !redisUp)(`${kind.name}: issued on one node, taken once on another`, async () => {
      const [a, b] = kind.nodes();
      const state = await a!.issue('inv123');
      expect(state).toMatch(/^[A-Za-z0-9]{24}$/);
      expect(await b!.take(state)).toEqual({ aff: 'inv123' });
      expect(await a!.take(state)).toBeNull();
      expect(await b!.take(state)).toBeNull();
    });

    it.skipIf(kind.redis && !redisUp)(`${kind.name}: unknown or malformed states are refused`, async () => {
      const [a] = kind.nodes();
      expect(await a!.take('A'.repeat(24))).toBeNull();
      expect(await a!.take('')).toBeNull();
      expect(await a!.take("x' or 1=1 --")).toBeNull();
      // An invite code too long to be one is dropped, the state still works.
      expect(await a!.take(await a!.issue('y'.repeat(40)))).toEqual({ aff: '' });
    });
  }

  it('database: an expired state is refused', async () => {
    const states = new OAuthStates(store);
    const state = await states.issue('');
    await store.db
      .updateTable('verification_codes')
      .set({ expires_at: 1 })
      .where('key', '=', `oauth-state:${state}`)
      .execute();
    expect(await states.take(state)).toBeNull();
  });
});
