import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/db.ts';
import type { ConsoleClient } from '../support/console-client.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { waitFor } from '../support/relay-seed.ts';
import { chatCall, rootWithMockChannel } from '../support/spawned-relay.ts';
import { spawnGateway, type SpawnedGateway } from '../support/spawn-gateway.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';

const ACCESS_TOKEN = 'workerstesttoken0123456789abcdef';

/** Several worker processes behind one port: console changes and billing must hold across all of them. */
describe.skipIf(databaseUnavailable())('WORKERS=2', () => {
  let db: TestDatabase;
  let gateway: SpawnedGateway;
  let mock: MockUpstream;
  let root: ConsoleClient;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    db = await createTestDatabase();
    gateway = await spawnGateway(db, {
      WORKERS: '2',
      INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN,
      SYNC_FREQUENCY: '3600',
    });
    root = await rootWithMockChannel(gateway.url, ACCESS_TOKEN, mock);
  }, 60_000);
  afterAll(async () => {
    await gateway?.stop();
    await db?.drop();
    await mock?.stop();
  });

  const call = (key: string) => chatCall(gateway.url, key).then((answer) => answer.status);
  async function reservationsHeld(): Promise<number> {
    const store = openStore({ sqlDsn: db.sqlDsn, sqlitePath: db.sqlitePath });
    try {
      return (await store.db.selectFrom('reservations').select('id').execute()).length;
    } finally {
      await store.close();
    }
  }

  it('a key deleted through one worker is refused by every worker at once', async () => {
    const created = await root.post<Array<{ id: number; key: string }>>('/api/token/', {
      name: 'k',
      unlimited_quota: true,
    });
    const token = created.body.data![0]!;
    // Warm the key cache of both workers (connections are spread across them); the worker that did
    // not create the channel learns of it over IPC a moment after.
    const eight = () => Promise.all(Array.from({ length: 8 }, () => call(`sk-${token.key}`)));
    await waitFor(eight, (statuses) => statuses.every((s) => s === 200), 'both workers to serve the key');
    expect((await root.delete(`/api/token/${token.id}`)).body.success).toBe(true);
    // SYNC_FREQUENCY is an hour and the key cached on both: only the change bus can refuse it.
    await waitFor(eight, (statuses) => statuses.every((s) => s === 401), 'both workers to refuse the key');
  });

  it('bills every call exactly once across workers, with logs equal to the quota spent', async () => {
    // Every call of the first test settled: each ends its reservation in the same transaction.
    await waitFor(reservationsHeld, (held) => held === 0, 'the warm-up calls to settle');
    const before = (await root.get<{ quota: number; used_quota: number }>('/api/user/self')).body.data!;
    const created = await root.post<Array<{ key: string }>>('/api/token/', {
      name: 'burst',
      unlimited_quota: true,
    });
    const key = `sk-${created.body.data![0]!.key}`;
    const statuses = await Promise.all(Array.from({ length: 60 }, () => call(key)));
    expect(statuses).toEqual(Array(60).fill(200));
    const deadline = Date.now() + 10_000;
    let stat = { quota: 0 };
    let logged = 0;
    while (Date.now() < deadline) {
      const logs = await root.get<{ total: number }>('/api/log/?type=2&token_name=burst&page_size=1');
      logged = logs.body.data!.total;
      stat = (await root.get<{ quota: number }>('/api/log/stat?type=2&token_name=burst')).body.data!;
      if (logged === 60) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(logged).toBe(60);
    const after = (await root.get<{ quota: number; used_quota: number }>('/api/user/self')).body.data!;
    expect(before.quota - after.quota).toBe(stat.quota);
    expect(after.used_quota - before.used_quota).toBe(stat.quota);
    expect(stat.quota).toBe(60 * Math.round((100 + 50 * 4) * 0.075));
  });

  it('a price changed through one worker applies on every worker, without waiting for the periodic reload', async () => {
    const created = await root.post<Array<{ key: string }>>('/api/token/', {
      name: 'price',
      unlimited_quota: true,
    });
    const key = `sk-${created.body.data![0]!.key}`;
    const ratios = JSON.parse(
      (await root.get<Array<{ key: string; value: string }>>('/api/option/')).body.data!.find(
        (o) => o.key === 'ModelRatio',
      )!.value,
    ) as Record<string, number>;
    delete ratios['gpt-4o-mini'];
    expect(
      (await root.put('/api/option/', { key: 'ModelRatio', value: JSON.stringify(ratios) })).body.success,
    ).toBe(true);
    // The other worker hears of it over IPC and reloads the options in the background: poll until
    // every worker refuses (SYNC_FREQUENCY is an hour, so only the change bus can make this pass).
    const statuses = await waitFor(
      () => Promise.all(Array.from({ length: 8 }, () => call(key))),
      (answers) => answers.every((status) => status === 400),
      'every worker to refuse the model that lost its price',
    );
    expect(statuses).toEqual(Array(8).fill(400));
  });
});
