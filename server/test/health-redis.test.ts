import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CuttableProxy, redisReachable, TEST_REDIS_URL } from './support/redis.ts';
import { sample, scrape } from './support/scrape.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';
import { waitFor } from './support/wait.ts';

const redisUp = await redisReachable();
if (!redisUp)
  console.warn(`\n*** Redis (${TEST_REDIS_URL}) is not reachable: the Redis health test is SKIPPED ***\n`);

interface Readiness {
  status: number;
  checks: Record<string, { ok: boolean; bus?: string }>;
}

/** Issue #30 items 1 and 5: with REDIS_CONN_STRING, /readyz and the metrics follow Redis. */
describe.skipIf(databaseUnavailable() || !redisUp)('health and metrics with Redis', () => {
  let proxy: CuttableProxy;
  let t: TestServer;

  beforeAll(async () => {
    proxy = await new CuttableProxy().start();
    t = await startTestServer({
      REDIS_CONN_STRING: proxy.url,
      REDIS_KEY_PREFIX: `rgtest:${randomUUID()}:`,
      METRICS_ENABLED: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
  });

  const readiness = async (): Promise<Readiness> => {
    const response = await fetch(`${t.url}/readyz`);
    const body = (await response.json()) as { checks: Readiness['checks'] };
    return { status: response.status, checks: body.checks };
  };
  const redisConnected = async () => (await scrape(t.url)).samples.get(sample('relaygate_redis_connected'));

  it('is ready while Redis is connected, not while it is away, and ready again once it is back', async () => {
    const ready = await readiness();
    expect(ready.status).toBe(200);
    expect(ready.checks.redis).toEqual({ ok: true });
    expect(ready.checks.change_bus).toEqual({ ok: true, bus: 'redis' });
    expect(await redisConnected()).toBe(1);

    proxy.cutAll();
    const away = await waitFor(readiness, (answer) => answer.status === 503, '/readyz to say not ready');
    expect(away.checks.redis).toEqual({ ok: false });
    expect(await redisConnected()).toBe(0);

    proxy.restore();
    await waitFor(readiness, (answer) => answer.status === 200, '/readyz to say ready again');
    expect(await redisConnected()).toBe(1);
  });
});
