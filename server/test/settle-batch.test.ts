import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../src/store/db.ts';
import { migrateToLatest } from '../src/store/migrate.ts';
import { settleBatch, type Settlement } from '../src/store/settle-batch.ts';
import { insertReturningId } from '../src/store/insert.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';
import { databaseUnavailable } from './support/test-server.ts';

describe.skipIf(databaseUnavailable())('settling calls in batches', () => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = openStore({ sqlDsn: database.sqlDsn, sqlitePath: database.sqlitePath });
    await migrateToLatest(store);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  const user = (quota: number) =>
    insertReturningId(store, 'users', {
      username: `b${Math.random().toString(36).slice(2, 10)}`,
      password: 'x',
      quota,
    });
  const token = (userId: number, remain: number) =>
    insertReturningId(store, 'tokens', {
      user_id: userId,
      key: Math.random().toString(36).slice(2),
      remain_quota: remain,
      unlimited_quota: 0,
    });
  const row = (table: 'users' | 'tokens', id: number) =>
    store.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const log = (userId: number) => ({ user_id: userId, type: 2, model_name: 'm', other: '{"admin_info":{}}' });

  it('nets refunds against extra charges per user, and moves counters once per row', async () => {
    // Reservations were already taken: 100 + 100 from a wallet that had 1000 (now 800).
    const a = await user(800);
    const tokenA = await token(a, 300);
    const payer = { userId: a, tokenId: tokenA, tokenUnlimited: false };
    const batch: Settlement[] = [
      { payer, reserved: 100, cost: 40, channelId: 0, log: log(a) },
      { payer, reserved: 100, cost: 170, channelId: 0, log: log(a) },
    ];
    expect((await settleBatch(store, batch)).charged).toEqual([40, 170]);
    const u = await row('users', a);
    expect(Number(u.quota)).toBe(1000 - 210);
    expect(Number(u.used_quota)).toBe(210);
    expect(Number(u.request_count)).toBe(2);
    const t = await row('tokens', tokenA);
    expect(Number(t.remain_quota)).toBe(300 - 10);
    expect(Number(t.used_quota)).toBe(210);
  });

  it('charges a wallet down to zero and no further, recording the shortfall on the latest extra charge', async () => {
    const b = await user(50);
    const c = await user(10_000);
    const pb = { userId: b, tokenId: 0, tokenUnlimited: true };
    const pc = { userId: c, tokenId: 0, tokenUnlimited: true };
    const { charged } = await settleBatch(store, [
      { payer: pb, reserved: 10, cost: 60, channelId: 0, log: log(b) },
      { payer: pc, reserved: 0, cost: 500, channelId: 0, log: log(c) },
      { payer: pb, reserved: 10, cost: 70, channelId: 0, log: log(b) },
    ]);
    // b needs 110 more but has 50: the last call absorbs the 60 shortfall.
    expect(charged).toEqual([60, 500, 10]);
    expect(Number((await row('users', b)).quota)).toBe(0);
    expect(Number((await row('users', c)).quota)).toBe(9_500);
    const logs = await store.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', b)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => Number(l.quota))).toEqual([60, 10]);
    expect(JSON.parse(logs[1]!.other!).admin_info.quota_shortfall).toBe(60);
    // What b was charged equals what b paid: the two reservations (20) plus the 50 left in the wallet.
    expect(logs.reduce((sum, l) => sum + Number(l.quota), 0)).toBe(20 + 50);
  });
});
