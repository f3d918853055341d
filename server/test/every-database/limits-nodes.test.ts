import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedStateStatus } from '@relaygate/contract';
import type { ConsoleClient } from '../support/console-client.ts';
import { burst, chat } from '../support/limits.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { CuttableProxy, redisPrefixFor, redisReachable, TEST_REDIS_URL } from '../support/redis.ts';
import { waitFor } from '../support/relay-seed.ts';
import { rootWithMockChannel } from '../support/spawned-relay.ts';
import { spawnGateway, type SpawnedGateway } from '../support/spawn-gateway.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';

const redisUp = await redisReachable();
if (!redisUp)
  console.warn(`\n*** Redis (${TEST_REDIS_URL}) is not reachable: limits across nodes are SKIPPED ***\n`);

/** The cluster workers of a gateway primary. */
const workerPids = (pid: number): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);

const ACCESS_TOKEN = 'limitsnodestesttoken0123456789ab';

/** A key made through the console API with these limits (the API's own fields). */
async function limitedKey(root: ConsoleClient, limits: Record<string, number>): Promise<string> {
  const created = await root.post<Array<{ key: string }>>('/api/token/', {
    name: 'limited',
    unlimited_quota: true,
    ...limits,
  });
  if (!created.body.success) throw new Error(`token not created: ${created.body.message}`);
  return `sk-${created.body.data![0]!.key}`;
}

/** A per-minute burst must not straddle two minutes: wait (for the clock, not a fixed time) if the minute is ending. */
const awayFromMinuteEnd = () =>
  waitFor(
    async () => new Date().getSeconds(),
    (s) => s < 40,
    'a fresh minute',
    30_000,
  );

/**
 * 100 calls at once, spread over every gateway URL, against a key allowed 10 per minute and 10 at
 * once: exactly 10 pass each limit.
 */
function exactnessTests(urls: () => string[], root: () => ConsoleClient, mock: () => MockUpstream) {
  it('lets exactly 10 of 100 simultaneous calls through a limit of 10 per minute', async () => {
    const key = await limitedKey(root(), { rpm_limit: 10 });
    await awayFromMinuteEnd();
    let i = 0;
    const byStatus = await burst(100, () => chat(urls()[i++ % urls().length]!, key));
    expect(byStatus).toEqual({ 200: 10, 429: 90 });
  });

  it('holds exactly 10 of 100 simultaneous calls in flight for a limit of 10 at once', async () => {
    const key = await limitedKey(root(), { concurrency_limit: 10 });
    mock().holdAnswers();
    let answered = 0;
    let i = 0;
    const calls = Array.from({ length: 100 }, () =>
      chat(urls()[i++ % urls().length]!, key).finally(() => answered++),
    );
    try {
      await waitFor(
        async () => answered,
        (n) => n === 90,
        '90 refusals',
        30_000,
      );
      await waitFor(
        async () => mock().inFlight,
        (n) => n === 10,
        '10 calls upstream',
      );
    } finally {
      mock().releaseAnswers();
    }
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
  });
}

describe.skipIf(databaseUnavailable() || testDbKind() !== 'sqlite')(
  'limits on one node with WORKERS=2 (no Redis)',
  () => {
    let db: TestDatabase;
    let gateway: SpawnedGateway;
    let mock: MockUpstream;
    let root: ConsoleClient;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      db = await createTestDatabase();
      gateway = await spawnGateway(db, { WORKERS: '2', INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN });
      root = await rootWithMockChannel(gateway.url, ACCESS_TOKEN, mock);
    }, 60_000);
    afterAll(async () => {
      await gateway?.stop();
      await db?.drop();
      await mock?.stop();
    });

    exactnessTests(
      () => [gateway.url],
      () => root,
      () => mock,
    );

    it('frees the slots of a worker that dies mid-call at once (the primary counts them)', async () => {
      const key = await limitedKey(root, { concurrency_limit: 1 });
      mock.holdAnswers();
      const held = chat(gateway.url, key).catch(() => null);
      try {
        await waitFor(
          async () => mock.inFlight,
          (n) => n === 1,
          'the call upstream',
        );
        expect((await chat(gateway.url, key)).status).toBe(429);
        for (const pid of workerPids(gateway.process.pid!)) process.kill(pid, 'SIGKILL');
        await held;
      } finally {
        mock.releaseAnswers();
      }
      // Before the 60 s lease could run out, so only the primary can have freed the dead worker's
      // slot. Two new workers start from the sources meanwhile: on a busy machine that takes a while.
      // Each attempt is bounded: in two fresh-clone CI runs one call made right after the kill never
      // got an answer (cause not found yet; noted for the node-death issue), which held the wait forever.
      const attempt = () =>
        Promise.race([
          chat(gateway.url, key).then((answer) => answer.status),
          new Promise<number>((resolve) => setTimeout(() => resolve(0), 5_000).unref()),
        ]).catch(() => 0);
      await waitFor(attempt, (s) => s === 200, 'a new worker to serve the key', 45_000);
    }, 90_000);

    it('says the workers count in their primary', async () => {
      const status = await root.get<{ shared_state: SharedStateStatus }>('/api/status');
      expect(status.body.data!.shared_state).toMatchObject({
        limits_store: 'cluster',
        limits_degraded: false,
      });
    });
  },
);

describe.skipIf(databaseUnavailable() || testDbKind() !== 'postgres' || !redisUp)(
  'limits on two gateways sharing PostgreSQL and Redis',
  () => {
    let db: TestDatabase;
    let nodes: SpawnedGateway[] = [];
    let mock: MockUpstream;
    let root: ConsoleClient;
    let proxy: CuttableProxy;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      proxy = await new CuttableProxy().start();
      db = await createTestDatabase('postgres');
      const env = {
        INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN,
        REDIS_CONN_STRING: proxy.url,
        REDIS_KEY_PREFIX: redisPrefixFor(db.sqlDsn),
      };
      nodes = [await spawnGateway(db, env)];
      nodes.push(await spawnGateway(db, env));
      root = await rootWithMockChannel(nodes[0]!.url, ACCESS_TOKEN, mock);
    }, 90_000);
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.stop()));
      await proxy?.stop();
      await db?.drop();
      await mock?.stop();
    });

    const urls = () => nodes.map((node) => node.url);
    // The second node learns of the channel through the bus.
    beforeAll(async () => {
      const key = await limitedKey(root, {});
      await waitFor(
        () => chat(nodes[1]!.url, key),
        (a) => a.status === 200,
        'node B to route',
      );
    });

    exactnessTests(
      urls,
      () => root,
      () => mock,
    );

    it('keeps serving with per-node limits when Redis is cut, says so, and shares them again when it is back', async () => {
      const key = await limitedKey(root, { rpm_limit: 5 });
      const status = async () =>
        (await root.get<{ shared_state: SharedStateStatus }>('/api/status')).body.data!.shared_state;
      expect(await status()).toMatchObject({ limits_store: 'redis', limits_degraded: false });
      proxy.cutAll();
      await waitFor(status, (s) => s.limits_degraded === true, 'node A to report per-node limits');
      await awayFromMinuteEnd();
      // Each node now counts on its own (its workers in their primary): 5 per node.
      const [a, b] = await Promise.all(nodes.map((node) => burst(10, () => chat(node.url, key))));
      expect(a).toEqual({ 200: 5, 429: 5 });
      expect(b).toEqual({ 200: 5, 429: 5 });
      expect(nodes[0]!.output()).toContain('rate limits are counted per node');
      proxy.restore();
      await waitFor(status, (s) => s.limits_store === 'redis' && !s.limits_degraded, 'Redis back', 30_000);
      await waitFor(
        () => chat(nodes[1]!.url, key),
        (answer) => answer.status === 200,
        'a call after Redis is back',
      );
    }, 90_000);
  },
);
