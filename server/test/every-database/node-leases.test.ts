import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import { insertReturningId } from '../../src/store/insert.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';
import { refundExpiredReservations, refundOrphans, renewLease } from '../../src/store/node-leases.ts';
import { reserveQuota } from '../../src/store/quota.ts';
import { nowSeconds } from '../../src/store/users.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';

const START = 1_000_000;
const GRACE = 60;

/**
 * Issue #26 items 2 and 6: a node that died and came back under another identity (or never) left
 * reservations behind, its wallets charged for calls never settled. Live nodes refund them once its
 * lease has run out, exactly once however many sweep at the same time.
 */
describe.skipIf(databaseUnavailable())('reservations of nodes whose lease ran out', () => {
  let database: TestDatabase;
  const stores: Store[] = [];
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two nodes on one database, each with its own pool.
    for (let i = 0; i < 2; i++)
      stores.push(openStore({ sqlDsn: database.sqlDsn, sqlitePath: database.sqlitePath }));
    store = stores[0]!;
    await migrateToLatest(store);
  });
  afterAll(async () => {
    for (const each of stores) await each.close();
    await database?.drop();
  });

  const wallet = async (id: number) =>
    Number(
      (await store.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirstOrThrow())
        .quota,
    );
  const reservationsOf = async (nodeId: string) =>
    (await store.db.selectFrom('reservations').select('id').where('node_id', '=', nodeId).execute()).length;

  it('refunds a dead node once its lease ran out, exactly once across nodes; a live node keeps its own', async () => {
    const userId = await insertReturningId(store, 'users', {
      username: 'leases',
      password: 'x',
      quota: START,
    });
    const payer = { userId, tokenId: 0, tokenUnlimited: false };
    const now = nowSeconds();
    await renewLease(store, 'live/0', now + 300);
    await renewLease(store, 'dead/0', now - 1);
    // (Each sweep below is given its own clock: nothing here depends on the time the test takes.)
    for (let i = 0; i < 20; i++) {
      for (const nodeId of ['live/0', 'dead/0', 'unleased/0'])
        expect(await reserveQuota(store, { id: `${nodeId}-${i}`, nodeId, payer, amount: 100 })).toBe(
          'reserved',
        );
    }
    expect(await wallet(userId)).toBe(START - 60 * 100);

    // Within the grace period nothing is touched: a node of an older version has no lease yet.
    const reservedBy = nowSeconds();
    expect(await refundExpiredReservations(store, reservedBy, GRACE)).toEqual({ count: 0, amount: 0 });

    const later = reservedBy + GRACE + 1;
    const sweeps = await Promise.all(
      stores.flatMap((each) => [0, 1].map(() => refundExpiredReservations(each, later, GRACE))),
    );
    expect(
      sweeps.reduce((sum, sweep) => sum + sweep.count, 0),
      JSON.stringify(sweeps),
    ).toBe(40);
    expect(sweeps.reduce((sum, sweep) => sum + sweep.amount, 0)).toBe(40 * 100);
    expect(await reservationsOf('dead/0')).toBe(0);
    expect(await reservationsOf('unleased/0')).toBe(0);
    expect(await reservationsOf('live/0')).toBe(20);
    expect(await wallet(userId)).toBe(START - 20 * 100);

    // A renewed lease protects; once it runs out, the next sweep takes them.
    await renewLease(store, 'live/0', later + 10);
    expect((await refundExpiredReservations(stores[1]!, later, GRACE)).count).toBe(0);
    // Its lease run out (the database was away longer than it), the node itself takes none of its own.
    expect((await refundExpiredReservations(stores[1]!, later + 11, GRACE, 'live/0')).count).toBe(0);
    expect((await refundExpiredReservations(stores[1]!, later + 11, GRACE)).count).toBe(20);
    expect(await wallet(userId)).toBe(START);
  });

  it("refunds this process's own reservations that no call holds (a commit whose acknowledgement was lost)", async () => {
    const userId = await insertReturningId(store, 'users', {
      username: 'orphans',
      password: 'x',
      quota: START,
    });
    const payer = { userId, tokenId: 0, tokenUnlimited: false };
    await renewLease(store, 'self/0', nowSeconds() + 300);
    for (const id of ['held', 'orphan-1', 'orphan-2'])
      expect(await reserveQuota(store, { id, nodeId: 'self/0', payer, amount: 50 })).toBe('reserved');
    const inFlight = new Set(['held']);
    const reservedBy = nowSeconds();
    // Younger than the grace period: a call may be between its reservation and its tracking.
    expect(await refundOrphans(store, 'self/0', reservedBy, GRACE, inFlight)).toEqual({
      count: 0,
      amount: 0,
    });
    const later = reservedBy + GRACE + 1;
    expect(await refundOrphans(stores[1]!, 'other/0', later, GRACE, new Set())).toEqual({
      count: 0,
      amount: 0,
    });
    expect(await refundOrphans(store, 'self/0', later, GRACE, inFlight)).toEqual({ count: 2, amount: 100 });
    expect(await reservationsOf('self/0')).toBe(1);
    expect(await wallet(userId)).toBe(START - 50);
  });
});
