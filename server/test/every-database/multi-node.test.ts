import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerificationCodes } from '../../src/auth/verification-codes.ts';
import { RedisConnection } from '../../src/cache/redis-connection.ts';
import { openStore } from '../../src/store/db.ts';
import { ConsoleClient } from '../support/console-client.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { redisPrefixFor, redisReachable, TEST_REDIS_URL } from '../support/redis.ts';
import { expectedQuota, waitFor } from '../support/relay-seed.ts';
import { spawnGateway, type SpawnedGateway } from '../support/spawn-gateway.ts';
import {
  createTestDatabase,
  testDbKind,
  type TestDatabase,
  type TestDbKind,
} from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';

const redisUp = await redisReachable();
if (!redisUp)
  console.warn(`\n*** Redis (${TEST_REDIS_URL}) is not reachable: its multi-node tests are SKIPPED ***\n`);

const ACCESS_TOKEN = 'multinodetesttoken0123456789abcd';
const USAGE = { prompt: 100, completion: 50 };
const answer = (model: string) => ({
  id: 'c1',
  object: 'chat.completion',
  model,
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: USAGE.prompt, completion_tokens: USAGE.completion, total_tokens: 150 },
});

const SCENARIOS: Array<{ label: string; kind: TestDbKind; redis: boolean; bus: 'redis' | 'postgres' }> = [
  { label: 'PostgreSQL with Redis', kind: 'postgres', redis: true, bus: 'redis' },
  { label: 'PostgreSQL without Redis (LISTEN/NOTIFY)', kind: 'postgres', redis: false, bus: 'postgres' },
  { label: 'MariaDB with Redis', kind: 'mysql', redis: true, bus: 'redis' },
];

/**
 * Three gateway processes on one database: a console change made through node A reaches nodes B
 * and C through the change bus. SYNC_FREQUENCY=3600 means the periodic reload (and the key cache's
 * TTL) can never be what made a change show up.
 */
for (const scenario of SCENARIOS) {
  const skip = testDbKind() !== scenario.kind || databaseUnavailable() || (scenario.redis && !redisUp);
  describe.skipIf(skip)(`three nodes on ${scenario.label} (runs in the ${scenario.kind} project)`, () => {
    let db: TestDatabase;
    let mock: MockUpstream;
    let nodes: SpawnedGateway[] = [];
    let root: ConsoleClient;
    let redisPrefix: string;

    beforeAll(async () => {
      mock = await new MockUpstream().start();
      mock.reply('/v1/chat/completions', { json: answer('gpt-4o-mini') });
      db = await createTestDatabase(scenario.kind);
      redisPrefix = redisPrefixFor(db.sqlDsn);
      const env = {
        SYNC_FREQUENCY: '3600',
        INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN,
        REDIS_CONN_STRING: scenario.redis ? TEST_REDIS_URL : '',
        REDIS_KEY_PREFIX: redisPrefix,
        WORKERS: '1',
      };
      // Node A runs two workers, so a change also crosses a node's own workers.
      nodes.push(await spawnGateway(db, { ...env, WORKERS: '2' }));
      nodes.push(...(await Promise.all([spawnGateway(db, env), spawnGateway(db, env)])));
      root = new ConsoleClient(nodes[0]!.url);
      root.bearer = ACCESS_TOKEN;
      root.userId = 1;
      for (const [name, models] of [
        ['main', 'gpt-4o-mini'],
        ['doomed', 'gpt-4o'],
      ]) {
        const created = await root.post('/api/channel/', {
          name,
          type: 1,
          key: 'sk-up',
          base_url: mock.url,
          models,
          group: 'default',
        });
        expect(created.body.success, created.body.message).toBe(true);
      }
    }, 120_000);
    afterAll(async () => {
      await Promise.all(nodes.map((node) => node.stop()));
      nodes = [];
      await db?.drop();
      await mock?.stop();
    });

    const [, b, c] = [0, 1, 2].map((i) => () => nodes[i]!);
    const call = (node: SpawnedGateway, key: string, model = 'gpt-4o-mini') =>
      new OpenAI({ apiKey: `sk-${key}`, baseURL: `${node.url}/v1`, maxRetries: 0 }).chat.completions
        .create({ model, messages: [{ role: 'user', content: 'hi' }] })
        .then(
          () => 200,
          (error: { status?: number }) => error.status ?? 0,
        );
    const newToken = async (name: string) => {
      const created = await root.post<Array<{ id: number; key: string }>>('/api/token/', {
        name,
        unlimited_quota: true,
      });
      expect(created.body.success, created.body.message).toBe(true);
      return created.body.data![0]!;
    };
    const refusedEventually = (node: SpawnedGateway, key: string, model?: string) =>
      waitFor(
        () => call(node, key, model),
        (status) => status !== 200,
        `a refusal on ${node.url}`,
      );

    it('every node reports the bus it uses to root', async () => {
      for (const node of nodes) {
        const admin = new ConsoleClient(node.url);
        admin.bearer = ACCESS_TOKEN;
        admin.userId = 1;
        const status = await admin.get<{ shared_state: Record<string, unknown> }>('/api/status');
        expect(status.body.data!.shared_state).toMatchObject({
          bus: scenario.bus,
          bus_connected: true,
          redis_configured: scenario.redis,
          redis_connected: scenario.redis,
        });
      }
    });

    it('a token disabled or deleted through A is refused on B and C', async () => {
      const disabled = await newToken('disabled');
      const deleted = await newToken('deleted');
      // B and C cache both keys as valid.
      for (const node of [b(), c()]) {
        expect(await call(node, disabled.key)).toBe(200);
        expect(await call(node, deleted.key)).toBe(200);
      }
      const disabling = await root.put('/api/token/?status_only=true', { id: disabled.id, status: 2 });
      expect(disabling.body.success, disabling.body.message).toBe(true);
      expect((await root.delete(`/api/token/${deleted.id}`)).body.success).toBe(true);
      for (const node of [b(), c()]) {
        expect(await refusedEventually(node, disabled.key)).toBe(401);
        expect(await refusedEventually(node, deleted.key)).toBe(401);
      }
    });

    it('a channel disabled through A stops taking traffic on B and C', async () => {
      const token = await newToken('channels');
      for (const node of [b(), c()]) expect(await call(node, token.key, 'gpt-4o')).toBe(200);
      const channels = await root.get<Array<{ id: number; name: string }>>('/api/channel/');
      const doomed = channels.body.data!.find((channel) => channel.name === 'doomed')!;
      const disabling = await root.put('/api/channel/', { id: doomed.id, status: 2 });
      expect(disabling.body.success, disabling.body.message).toBe(true);
      for (const node of [b(), c()]) expect(await refusedEventually(node, token.key, 'gpt-4o')).not.toBe(200);
      const forwarded = mock.requestsTo('/v1/chat/completions').length;
      for (const node of [b(), c()]) expect(await call(node, token.key, 'gpt-4o')).not.toBe(200);
      expect(mock.requestsTo('/v1/chat/completions')).toHaveLength(forwarded);
      // The other channel still serves.
      for (const node of [b(), c()]) expect(await call(node, token.key)).toBe(200);
    });

    it('a model price changed through A changes what B charges', async () => {
      const token = await newToken('price');
      const charges = async (): Promise<number[]> => {
        const logs = await root.get<{ items: Array<{ id: number; quota: number }> }>(
          '/api/log/?type=2&token_name=price&page_size=100',
        );
        return logs.body.data!.items.sort((x, y) => x.id - y.id).map((row) => row.quota);
      };
      /** One call on B, and what it was charged once settled. */
      const chargeOfOneCall = async (): Promise<number> => {
        const before = (await charges()).length;
        expect(await call(b(), token.key)).toBe(200);
        const after = await waitFor(charges, (rows) => rows.length > before, 'the call to be settled');
        return after[after.length - 1]!;
      };
      const ratios = JSON.parse(
        (await root.get<Array<{ key: string; value: string }>>('/api/option/')).body.data!.find(
          (option) => option.key === 'ModelRatio',
        )!.value,
      ) as Record<string, number>;
      const oldPrice = expectedQuota(USAGE, { model: ratios['gpt-4o-mini']!, completion: 4 });
      expect(await chargeOfOneCall()).toBe(oldPrice);
      ratios['gpt-4o-mini'] = 2;
      const changed = await root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify(ratios) });
      expect(changed.body.success, changed.body.message).toBe(true);
      const newPrice = expectedQuota(USAGE, { model: 2, completion: 4 });
      expect(newPrice).not.toBe(oldPrice);
      expect(await waitFor(chargeOfOneCall, (quota) => quota !== oldPrice, 'the new price on B')).toBe(
        newPrice,
      );
    });

    it('a verification code issued by one node is accepted by another, once', async () => {
      for (const [key, value] of [
        ['SMTPServer', 'smtp.example.com'],
        ['EmailVerificationEnabled', 'true'],
      ]) {
        expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
      }
      for (const node of [b(), c()]) {
        await waitFor(
          async () =>
            (await new ConsoleClient(node.url).get<{ email_verification: boolean }>('/api/status')).body,
          (status) => status.data?.email_verification === true,
          'EmailVerificationEnabled on every node',
        );
      }
      // There is no mail server in the test: this process issues the code as node A does, on the
      // same database and Redis (prefix included), and keeps it instead of mailing it.
      const store = openStore({ sqlDsn: db.sqlDsn, sqlitePath: '' });
      const redis = scenario.redis
        ? new RedisConnection(TEST_REDIS_URL, redisPrefix, { warn() {}, info() {} })
        : undefined;
      try {
        if (redis) expect(await redis.ready(5000)).toBe(true);
        const code = await new VerificationCodes(store, redis).issue('register', 'multi@example.com');
        const register = (node: SpawnedGateway, username: string) =>
          new ConsoleClient(node.url).post('/api/user/register', {
            username,
            password: 'password123',
            email: 'multi@example.com',
            verification_code: code,
          });
        const accepted = await register(b(), 'multib');
        expect(accepted.body, accepted.body.message).toEqual({ success: true, message: '' });
        const reused = await register(c(), 'multic');
        expect(reused.body).toEqual({ success: false, message: expect.stringMatching(/incorrect/) });
      } finally {
        redis?.close();
        await store.close();
      }
    });
  });
}
