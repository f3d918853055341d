import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { walletOf } from '../support/money.ts';
import { chatCall, CHAT_ANSWER, rootWithMockChannel } from '../support/spawned-relay.ts';
import { spawnGateway, type SpawnedGateway } from '../support/spawn-gateway.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

const ACCESS_TOKEN = 'reservationleasestoken0123456789';
const ROOT_ID = 1;
const LEFT_BEHIND = 777;

/**
 * Issue #26 items 2 and 6: a process that died and came back under another identity (a new
 * container, disk or machine) never ends the reservations it left. A live gateway refunds them once
 * their lease has run out, and its own that no call holds (a commit whose acknowledgement was lost),
 * while its calls in flight, however long, keep theirs.
 */
describe.skipIf(databaseUnavailable())('reservation leases in a running gateway', () => {
  let db: TestDatabase;
  let store: Store;
  let mock: MockUpstream;
  let gateway: SpawnedGateway;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    db = await createTestDatabase();
    gateway = await spawnGateway(db, {
      WORKERS: '1',
      INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN,
      RESERVATION_LEASE_SECONDS: '1',
    });
    store = openStore({ sqlDsn: db.sqlDsn, sqlitePath: db.sqlitePath });
  }, 60_000);

  afterAll(async () => {
    await gateway?.stop();
    await store?.close();
    await db?.drop();
    await mock?.stop();
  });

  const wallet = () => walletOf(store.db, ROOT_ID);
  /** What a process that died for good leaves: a reservation under its id, its quota taken. */
  const leaveBehind = async (id: string, nodeId = 'gone-for-good/0') => {
    await store.db
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '-', LEFT_BEHIND) }))
      .where('id', '=', ROOT_ID)
      .execute();
    await store.db
      .insertInto('reservations')
      .values({ id, node_id: nodeId, user_id: ROOT_ID, amount: LEFT_BEHIND, created_at: 0 })
      .execute();
  };
  const refunded = (id: string) =>
    waitFor(
      async () => await store.db.selectFrom('reservations').select('id').where('id', '=', id).execute(),
      (rows) => rows.length === 0,
      `the reservation ${id} refunded`,
    );

  it("refunds a gone process's reservations, and keeps those of its own long call", async () => {
    const root = await rootWithMockChannel(gateway.url, ACCESS_TOKEN, mock);
    const created = await root.post<Array<{ key: string }>>('/api/token/', {
      name: 'leases',
      unlimited_quota: true,
    });
    const key = `sk-${created.body.data![0]!.key}`;
    const before = await wallet();

    // A call held by its upstream while the gateway sweeps at least twice (each refund is one).
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    mock.handler('/v1/chat/completions', async () => {
      await held;
      return { json: CHAT_ANSWER };
    });
    const call = chatCall(gateway.url, key);
    await waitFor(
      () => store.db.selectFrom('reservations').select('node_id').execute(),
      (rows) => rows.length === 1,
      "the call's own reservation",
    );
    await leaveBehind('gone-1');
    await refunded('gone-1');
    await leaveBehind('gone-2');
    await refunded('gone-2');
    // One of its own that no call holds: committed while the gateway heard a failure (item 6).
    const ownNodeId = `${readFileSync(join(gateway.journalDir, 'node-id'), 'utf8').trim()}/0`;
    await leaveBehind('lost-ack', ownNodeId);
    await refunded('lost-ack');
    expect(await store.db.selectFrom('reservations').select('id').execute()).toHaveLength(1);

    answer();
    expect((await call).status).toBe(200);
    const [log] = await waitFor(
      () => store.db.selectFrom('logs').select('quota').where('type', '=', 2).execute(),
      (rows) => rows.length === 1,
      "the long call's log row",
    );
    await waitFor(
      () => store.db.selectFrom('reservations').select('id').execute(),
      (rows) => rows.length === 0,
      'the long call settled',
    );
    // The gone process's quota came back whole; the long call was charged once, as its log says.
    expect(Number(log!.quota)).toBeGreaterThan(0);
    expect(await wallet()).toBe(before - Number(log!.quota));
  });
});
