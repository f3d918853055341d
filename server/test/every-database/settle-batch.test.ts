import { describe, expect, it } from 'vitest';
import { settleBatch, type Settlement } from '../../src/store/settle-batch.ts';
import { insertReturningId } from '../../src/store/insert.ts';
import {
  refundNodeReservations,
  refundReservation,
  reserveQuota,
  setBalance,
  type Payer,
} from '../../src/store/quota.ts';
import { useMigratedStore } from '../support/migrated-store.ts';
import { databaseUnavailable } from '../support/test-server.ts';

describe.skipIf(databaseUnavailable())('settling calls in batches', () => {
  const fresh = useMigratedStore();

  const user = (quota: number) =>
    insertReturningId(fresh.store, 'users', {
      username: `b${Math.random().toString(36).slice(2, 10)}`,
      password: 'x',
      quota,
    });
  const token = (userId: number, remain: number) =>
    insertReturningId(fresh.store, 'tokens', {
      user_id: userId,
      key: Math.random().toString(36).slice(2),
      remain_quota: remain,
      unlimited_quota: 0,
    });
  const row = (table: 'users' | 'tokens', id: number) =>
    fresh.store.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const log = (userId: number) => ({ user_id: userId, type: 2, model_name: 'm', other: '{"admin_info":{}}' });

  let reservations = 0;
  /** Reserves `amount` as a call would, and answers the settlement's fields for it. */
  const reserve = async (payer: Payer, amount: number, nodeId = 'test-node/0') => {
    const id = `r${++reservations}-${Math.random().toString(36).slice(2)}`;
    expect(await reserveQuota(fresh.store, { id, nodeId, payer, amount })).toBe('reserved');
    return { reservationId: id, payer, reserved: amount };
  };
  const held = async () =>
    Number(
      (
        await fresh.store.db
          .selectFrom('reservations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('nets refunds against extra charges per user, and moves counters once per row', async () => {
    const a = await user(1000);
    const tokenA = await token(a, 500);
    const payer = { userId: a, tokenId: tokenA, tokenUnlimited: false };
    const batch: Settlement[] = [
      { ...(await reserve(payer, 100)), cost: 40, channelId: 0, log: log(a) },
      { ...(await reserve(payer, 100)), cost: 170, channelId: 0, log: log(a) },
    ];
    expect(Number((await row('users', a)).quota)).toBe(800);
    expect((await settleBatch(fresh.store, batch)).charged).toEqual([40, 170]);
    const u = await row('users', a);
    expect(Number(u.quota)).toBe(1000 - 210);
    expect(Number(u.used_quota)).toBe(210);
    expect(Number(u.request_count)).toBe(2);
    const t = await row('tokens', tokenA);
    expect(Number(t.remain_quota)).toBe(500 - 210);
    expect(Number(t.used_quota)).toBe(210);
  });

  it('writes every log row of a large batch with its own values, and the defaults where a row has none', async () => {
    const u = await user(1_000_000);
    const payer = { userId: u, tokenId: 0, tokenUnlimited: true };
    // More rows than one multi-row insert takes (SQLite writes them 50 at a time), and a remainder.
    const count = 123;
    const batch: Settlement[] = [];
    for (let i = 0; i < count; i++) {
      const full = { ...log(u), prompt_tokens: i, request_id: `req-${i}`, created_at: 1_700_000_000 + i };
      batch.push({ ...(await reserve(payer, 10)), cost: i, channelId: 0, log: i % 2 ? full : log(u) });
    }
    const { balances } = await settleBatch(fresh.store, batch);
    // The balances handed to the caches are the wallet's after the batch.
    expect(balances.users.get(u)).toBe(Number((await row('users', u)).quota));
    expect(balances.users.get(u)).toBe(1_000_000 - (count * (count - 1)) / 2);
    const rows = await fresh.store.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', u)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(count);
    rows.forEach((row, i) => {
      expect(Number(row.quota)).toBe(i);
      expect(Number(row.prompt_tokens)).toBe(i % 2 ? i : 0);
      expect(row.request_id).toBe(i % 2 ? `req-${i}` : '');
      if (i % 2) expect(Number(row.created_at)).toBe(1_700_000_000 + i);
      else expect(Number(row.created_at)).toBeGreaterThan(1_700_000_000 + count);
      expect(row.content).toBeNull();
      expect(row.username).toBe('');
      expect(row.model_name).toBe('m');
    });
  });

  it('reservations made at the same moment are each all or nothing (SQLite commits them together)', async () => {
    const u = await user(10_000);
    const limited = await token(u, 150);
    const payer = { userId: u, tokenId: limited, tokenUnlimited: false };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        reserveQuota(fresh.store, { id: `same-moment-${u}-${i}`, nodeId: 'n', payer, amount: 100 }),
      ),
    );
    // The token covers one; the four it refuses must leave the wallet untouched too.
    expect(outcomes.filter((o) => o === 'reserved')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'token_quota_exhausted')).toHaveLength(4);
    expect(Number((await row('users', u)).quota)).toBe(10_000 - 100);
    expect(Number((await row('tokens', limited)).remain_quota)).toBe(50);
    const recorded = await fresh.store.db
      .selectFrom('reservations')
      .select('id')
      .where('id', 'like', `same-moment-${u}-%`)
      .execute();
    expect(recorded).toHaveLength(1);
    const poor = await user(250);
    const wallet = { userId: poor, tokenId: 0, tokenUnlimited: true };
    const walletOutcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        reserveQuota(fresh.store, {
          id: `same-moment-w-${poor}-${i}`,
          nodeId: 'n',
          payer: wallet,
          amount: 100,
        }),
      ),
    );
    expect(walletOutcomes.filter((o) => o === 'reserved')).toHaveLength(2);
    expect(Number((await row('users', poor)).quota)).toBe(50);
  });

  it('charges an overshoot in full as a debt, which refuses the next call until it is paid', async () => {
    const b = await user(50);
    const tokenB = await token(b, 40);
    const payer = { userId: b, tokenId: tokenB, tokenUnlimited: false };
    const { charged } = await settleBatch(fresh.store, [
      { ...(await reserve(payer, 10)), cost: 60, channelId: 0, log: log(b) },
      { ...(await reserve(payer, 10)), cost: 70, channelId: 0, log: log(b) },
    ]);
    expect(charged).toEqual([60, 70]);
    expect(Number((await row('users', b)).quota)).toBe(50 - 130);
    expect(Number((await row('tokens', tokenB)).remain_quota)).toBe(40 - 130);
    const logs = await fresh.store.db.selectFrom('logs').select('quota').where('user_id', '=', b).execute();
    expect(logs.reduce((sum, l) => sum + Number(l.quota), 0)).toBe(130);
    // Even a free call is refused while the wallet is in debt.
    const refused = await reserveQuota(fresh.store, { id: 'debt-check', nodeId: 'n', payer, amount: 0 });
    expect(refused).toBe('user_quota_exhausted');
    await fresh.store.db.updateTable('users').set({ quota: 1000 }).where('id', '=', b).execute();
    expect(await reserveQuota(fresh.store, { id: 'debt-check-2', nodeId: 'n', payer, amount: 0 })).toBe(
      'token_quota_exhausted',
    );
  });

  it('settles each reservation once: a replayed or refunded one changes nothing', async () => {
    const c = await user(1000);
    const payer = { userId: c, tokenId: 0, tokenUnlimited: true };
    const settled = { ...(await reserve(payer, 100)), cost: 30, channelId: 0, log: log(c) };
    const refunded = { ...(await reserve(payer, 100)), cost: 30, channelId: 0, log: log(c) };
    expect(await refundReservation(fresh.store, refunded.reservationId)).toBe(100);
    expect(await refundReservation(fresh.store, refunded.reservationId)).toBe(0);
    expect((await settleBatch(fresh.store, [settled, refunded])).charged).toEqual([30, 0]);
    expect((await settleBatch(fresh.store, [settled])).charged).toEqual([0]);
    expect(Number((await row('users', c)).quota)).toBe(970);
    const logs = await fresh.store.db.selectFrom('logs').select('quota').where('user_id', '=', c).execute();
    expect(logs.map((l) => Number(l.quota))).toEqual([30]);
  });

  it('refunds what a dead process left reserved, and only that', async () => {
    const d = await user(1000);
    const payer = { userId: d, tokenId: await token(d, 1000), tokenUnlimited: false };
    await reserve(payer, 100, 'dead-node/0');
    await reserve(payer, 50, 'dead-node/0');
    const alive = await reserve(payer, 20, 'live-node/0');
    const before = await held();
    expect(await refundNodeReservations(fresh.store, 'dead-node/0')).toEqual({ count: 2, amount: 150 });
    expect(await held()).toBe(before - 2);
    expect(Number((await row('users', d)).quota)).toBe(980);
    expect(Number((await row('tokens', payer.tokenId)).remain_quota)).toBe(980);
    expect(await refundReservation(fresh.store, alive.reservationId)).toBe(20);
  });

  it('sets a balance net of what calls in flight hold, so their settlement neither undoes nor escapes it', async () => {
    const e = await user(1000);
    const tokenE = await token(e, 1000);
    const payer = { userId: e, tokenId: tokenE, tokenUnlimited: false };
    const inFlight = [await reserve(payer, 100), await reserve(payer, 100)];
    await setBalance(fresh.store, { table: 'users', id: e }, 0);
    await setBalance(fresh.store, { table: 'tokens', id: tokenE }, 0);
    expect(await reserveQuota(fresh.store, { id: 'after-edit', nodeId: 'n', payer, amount: 1 })).toBe(
      'user_quota_exhausted',
    );
    await settleBatch(
      fresh.store,
      inFlight.map((r) => ({ ...r, cost: 30, channelId: 0, log: log(e) })),
    );
    // The two calls cost 60 in all: the edit to 0 stands, minus exactly what they cost.
    expect(Number((await row('users', e)).quota)).toBe(-60);
    expect(Number((await row('tokens', tokenE)).remain_quota)).toBe(-60);
  });
});
