import { randomUUID } from 'node:crypto';
import type { AdminStatusObject } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisConnection } from '../src/cache/redis-connection.ts';
import { writeOption } from '../src/store/options.ts';
import { ConsoleClient, signInAsRoot, userWithRole } from './support/console-client.ts';
import { CuttableProxy, redisReachable, TEST_REDIS_URL } from './support/redis.ts';
import { waitFor } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const redisUp = await redisReachable();
if (!redisUp)
  console.warn(`\n*** Redis (${TEST_REDIS_URL}) is not reachable: the Redis-loss test is SKIPPED ***\n`);

/**
 * A node whose Redis goes away (a proxy of our own between them, cut and restored) keeps serving,
 * reports Redis down to admins, falls back to the database for verification codes, and when Redis
 * is back reports it up and reloads what it may have missed.
 */
describe.skipIf(databaseUnavailable() || !redisUp)('losing Redis', () => {
  let proxy: CuttableProxy;
  let t: TestServer;
  let root: ConsoleClient;

  beforeAll(async () => {
    proxy = await new CuttableProxy().start();
    t = await startTestServer({
      REDIS_CONN_STRING: proxy.url,
      REDIS_KEY_PREFIX: `rgtest:${randomUUID()}:`,
      SYNC_FREQUENCY: '3600',
    });
    root = await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
  });

  const sharedState = async () => {
    const answer = await root.get<AdminStatusObject>('/api/status');
    expect(answer.status).toBe(200);
    return answer.body.data!.shared_state;
  };

  it('shows the shared state to admins only', async () => {
    expect(await sharedState()).toMatchObject({
      bus: 'redis',
      bus_connected: true,
      redis_configured: true,
      redis_connected: true,
    });
    const anonymous = await new ConsoleClient(t.url).get<Record<string, unknown>>('/api/status');
    expect(anonymous.body.data).not.toHaveProperty('shared_state');
    const common = await userWithRole(root, 'plainuser', 1);
    expect((await common.get<Record<string, unknown>>('/api/status')).body.data).not.toHaveProperty(
      'shared_state',
    );
    const admin = await userWithRole(root, 'adminuser', 10);
    expect((await admin.get<AdminStatusObject>('/api/status')).body.data!.shared_state.redis_connected).toBe(
      true,
    );
  });

  it('keeps serving without Redis, reports it down, then up again and catches up', async () => {
    // A connection of our own through the same proxy, to see what a node logs.
    const logged: string[] = [];
    const watched = new RedisConnection(proxy.url, 'rgtest:unused:', {
      warn: (message) => logged.push(`warn: ${message}`),
      info: (message) => logged.push(`info: ${message}`),
    });
    expect(await watched.ready(5000)).toBe(true);
    proxy.cutAll();
    const down = await waitFor(sharedState, (state) => !state.redis_connected, 'Redis reported down');
    expect(down).toMatchObject({ redis_configured: true, redis_connected: false, bus_connected: false });

    // Codes fall back to the database meanwhile.
    const codes = t.server.app.verificationCodes;
    const code = await codes.issue('register', 'cut@example.com');
    expect(await codes.consume('register', 'cut@example.com', code)).toBe(true);

    // A change this node cannot hear about while Redis is down (as if made by another node).
    await writeOption(t.server.store, 'SystemName', 'changed while Redis was down');
    proxy.restore();
    const up = await waitFor(
      sharedState,
      (state) => state.redis_connected && state.bus_connected,
      'Redis back',
    );
    expect(up).toMatchObject({ redis_configured: true, redis_connected: true, bus_connected: true });
    const status = await waitFor(
      async () => (await new ConsoleClient(t.url).get<{ system_name: string }>('/api/status')).body.data!,
      (data) => data.system_name === 'changed while Redis was down',
      'the reload after Redis came back',
    );
    expect(status.system_name).toBe('changed while Redis was down');

    // Many reconnection attempts failed meanwhile, but the loss and the return are logged once each.
    await waitFor(async () => watched.connected, Boolean, 'our own connection back');
    watched.close();
    expect(logged).toEqual([
      expect.stringMatching(/^warn: Redis is unreachable/),
      expect.stringMatching(/^info: Redis is reachable again/),
    ]);
  });
});
