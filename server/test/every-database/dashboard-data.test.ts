import type { QuotaDataItem } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/db.ts';
import { ConsoleClient, signInAsRoot, userWithRole } from '../support/console-client.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { consumeLogs, seedChannel, seedToken, setRelayOption, waitFor } from '../support/relay-seed.ts';
import { CHAT_ANSWER, chatCall, rootWithMockChannel } from '../support/spawned-relay.ts';
import { spawnGateway } from '../support/spawn-gateway.ts';
import { createTestDatabase, testDbKind } from '../support/test-database.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const TOKENS_PER_CALL = CHAT_ANSWER.usage.prompt_tokens + CHAT_ANSWER.usage.completion_tokens;

/** Calls, quota and tokens summed over a data answer. */
function totals(rows: QuotaDataItem[]) {
  return rows.reduce(
    (sum, row) => ({
      count: sum.count + row.count,
      quota: sum.quota + row.quota,
      tokens: sum.tokens + row.token_used,
    }),
    { count: 0, quota: 0, tokens: 0 },
  );
}

describe.skipIf(databaseUnavailable())('dashboard data: quota_data roll-up and /api/data', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;
  let alice: ConsoleClient;
  let aliceKey: string;
  let rootKey: string;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    mock.reply('/v1/chat/completions', { json: CHAT_ANSWER });
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    alice = await userWithRole(root, 'alice', 1);
    await t.server.store.db
      .updateTable('users')
      .set({ quota: 10_000_000 })
      .where('id', '=', alice.userId!)
      .execute();
    await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4o-mini'] });
    aliceKey = (await seedToken(t, { userId: alice.userId! })).key;
    rootKey = (await seedToken(t)).key;
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  /** Makes the calls, waits until all are settled, and answers the quota their log rows charged. */
  async function calls(key: string, n: number): Promise<number> {
    const before = (await consumeLogs(t)).length;
    for (let i = 0; i < n; i++) expect((await chatCall(t.url, key)).status).toBe(200);
    const rows = await waitFor(
      () => consumeLogs(t),
      (r) => r.length === before + n,
      `${n} more log rows`,
    );
    return rows.slice(before).reduce((sum, row) => sum + row.quota, 0);
  }

  async function data(client: ConsoleClient, path: string): Promise<QuotaDataItem[]> {
    const answer = await client.get<QuotaDataItem[]>(path);
    expect(answer.body.success, `${path}: ${answer.body.message}`).toBe(true);
    return answer.body.data!;
  }

  it('shows the calls made a moment ago, before any timed flush: exactly those, per user, model and hour', async () => {
    const aliceQuota = await calls(aliceKey, 3);
    const rootQuota = await calls(rootKey, 2);
    // Counted in memory only so far: opening the dashboard writes them.
    expect(await t.server.store.db.selectFrom('quota_data').selectAll().execute()).toEqual([]);

    const own = await data(alice, '/api/data/self');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ username: 'alice', model_name: 'gpt-4o-mini', count: 3 });
    expect(own[0]!.created_at % 3600).toBe(0);
    expect(totals(own)).toEqual({ count: 3, quota: aliceQuota, tokens: 3 * TOKENS_PER_CALL });

    const everyone = await data(root, '/api/data/');
    expect(totals(everyone)).toEqual({
      count: 5,
      quota: aliceQuota + rootQuota,
      tokens: 5 * TOKENS_PER_CALL,
    });
    expect(totals(await data(root, '/api/data/?username=alice'))).toEqual(totals(own));
    expect(totals(await data(root, '/api/data/?username=root'))).toMatchObject({
      count: 2,
      quota: rootQuota,
    });
  });

  it('adds later flushes to the same row, and keeps to the time range', async () => {
    const before = totals(await data(alice, '/api/data/self'));
    const more = await calls(aliceKey, 2);
    const own = await data(alice, '/api/data/self');
    expect(own).toHaveLength(1);
    expect(totals(own)).toEqual({
      count: before.count + 2,
      quota: before.quota + more,
      tokens: before.tokens + 2 * TOKENS_PER_CALL,
    });
    const hour = own[0]!.created_at;
    // A start inside the hour still includes that hour; an end before it excludes it.
    expect(await data(alice, `/api/data/self?start_timestamp=${hour + 1800}`)).toHaveLength(1);
    expect(
      await data(alice, `/api/data/self?start_timestamp=${hour - 7200}&end_timestamp=${hour - 1}`),
    ).toEqual([]);
  });

  it('the self endpoint ignores a username; the admin one is for admins only; bad input is named', async () => {
    expect(totals(await data(alice, '/api/data/self?username=root')).count).toBe(
      totals(await data(root, '/api/data/?username=alice')).count,
    );
    const refused = await alice.get('/api/data/');
    expect(refused.body.success).toBe(false);
    const bad = await root.get('/api/data/?start_timestamp=yesterday');
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, message: expect.stringMatching(/start_timestamp/) });
    const anonymous = await new ConsoleClient(t.url).get('/api/data/self');
    expect(anonymous.status).toBe(401);
  });

  it('counts nothing while DataExportEnabled is off, and /api/status says so', async () => {
    const status = async () =>
      (await root.get<{ enable_data_export: boolean }>('/api/status')).body.data!.enable_data_export;
    expect(await status()).toBe(true);
    const before = totals(await data(root, '/api/data/'));
    await setRelayOption(root, 'DataExportEnabled', 'false');
    await calls(rootKey, 2);
    expect(totals(await data(root, '/api/data/'))).toEqual(before);
    expect(await status()).toBe(false);
    await setRelayOption(root, 'DataExportEnabled', 'true');
  });

  it('flushes what it counted when the server shuts down, with no dashboard opened meanwhile', async () => {
    const before = totals(await data(root, '/api/data/?username=root'));
    const spent = await calls(rootKey, 2);
    await t.restart();
    root = await signInAsRoot(t.url);
    const after = totals(await data(root, '/api/data/?username=root'));
    expect(after).toEqual({
      count: before.count + 2,
      quota: before.quota + spent,
      tokens: before.tokens + 2 * TOKENS_PER_CALL,
    });
  });
});

const ACCESS_TOKEN = 'dashboarddatatoken0123456789abcd';

describe.skipIf(databaseUnavailable() || testDbKind() !== 'postgres')(
  'dashboard data across two workers',
  () => {
    it('opening the dashboard has every worker flush its counts: every call counted once, in one row', async () => {
      const mock = await new MockUpstream().start();
      const db = await createTestDatabase();
      const gateway = await spawnGateway(db, { WORKERS: '2', INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN });
      try {
        const root = await rootWithMockChannel(gateway.url, ACCESS_TOKEN, mock);
        const created = await root.post<Array<{ key: string }>>('/api/token/', {
          name: 'dash',
          unlimited_quota: true,
        });
        const key = `sk-${created.body.data![0]!.key}`;
        const statuses = await Promise.all(Array.from({ length: 40 }, () => chatCall(gateway.url, key)));
        expect(statuses.map((s) => s.status)).toEqual(Array(40).fill(200));
        // Settlement is in the background: wait for every log row before shutting down.
        await waitFor(
          async () =>
            (await root.get<{ total: number }>('/api/log/?type=2&token_name=dash&page_size=1')).body.data!
              .total,
          (n) => n === 40,
          '40 log rows',
        );
        const logged = (await root.get<{ quota: number }>('/api/log/stat?type=2&token_name=dash')).body.data!
          .quota;
        // The answering worker flushes before it answers; it asks the other, which flushes a moment later.
        await waitFor(
          async () => (await root.get<QuotaDataItem[]>('/api/data/')).body.data!,
          (rows) => totals(rows).count === 40,
          'the dashboard counting all 40 calls',
        );
        await gateway.stop();
        const store = openStore({ sqlDsn: db.sqlDsn, sqlitePath: db.sqlitePath });
        try {
          const rows = await store.db.selectFrom('quota_data').selectAll().execute();
          expect(rows).toHaveLength(1);
          expect(Number(rows[0]!.count)).toBe(40);
          expect(Number(rows[0]!.quota)).toBe(logged);
          expect(Number(rows[0]!.token_used)).toBe(40 * TOKENS_PER_CALL);
        } finally {
          await store.close();
        }
      } finally {
        await gateway.stop();
        await db.drop();
        await mock.stop();
      }
    }, 90_000);
  },
);
