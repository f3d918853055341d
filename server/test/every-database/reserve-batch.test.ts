import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { reserveQuota, type Payer, type ReserveOutcome } from '../../src/store/quota.ts';
import { insertTokenRow, insertUserRow } from '../support/relay-seed.ts';
import { useMigratedStore } from '../support/migrated-store.ts';
import { databaseUnavailable } from '../support/test-server.ts';

interface Ask {
  payer: Payer;
  amount: number;
}

/** What the calls one after the other would get: the rule of every engine, judged in order. */
function judgedInOrder(asks: Ask[], wallets: Map<number, number>, tokens: Map<number, number>) {
  const covers = (balance: number | undefined, amount: number) =>
    balance !== undefined && balance > 0 && balance >= amount;
  return asks.map(({ payer, amount }): ReserveOutcome => {
    if (!covers(wallets.get(payer.userId), amount)) return 'user_quota_exhausted';
    const limited = !payer.tokenUnlimited && payer.tokenId > 0;
    if (limited && !covers(tokens.get(payer.tokenId), amount)) return 'token_quota_exhausted';
    wallets.set(payer.userId, wallets.get(payer.userId)! - amount);
    if (limited) tokens.set(payer.tokenId, tokens.get(payer.tokenId)! - amount);
    return 'reserved';
  });
}

/**
 * Many reservations of several wallets and tokens at once, some of which cannot be covered or name
 * no row at all: each engine must judge them as the calls one after the other would be, take from
 * each balance exactly what it reserved, and record exactly the reserved calls. On SQLite and
 * PostgreSQL all but the first go in one batch (one transaction, one call of the function).
 */
describe.skipIf(databaseUnavailable())('reservations asked together', () => {
  const fresh = useMigratedStore();

  const balance = async (table: 'users' | 'tokens', id: number) => {
    const column = table === 'users' ? 'quota' : 'remain_quota';
    const { rows } = await sql<{ balance: number | string }>`
      select ${sql.ref(column)} as balance from ${sql.table(table)} where id = ${id}`.execute(fresh.store.db);
    return Number(rows[0]!.balance);
  };

  it('judges each in order against what the others left, and records only the reserved', async () => {
    const rich = await insertUserRow(fresh.store, 250);
    const poor = await insertUserRow(fresh.store, 60);
    const empty = await insertUserRow(fresh.store, 0);
    const missingUser = rich + poor + empty + 10_000;
    const richToken = (
      await insertTokenRow(fresh.store, { userId: rich, remainQuota: 200, unlimited: false })
    ).id;
    const drained = (await insertTokenRow(fresh.store, { userId: rich, remainQuota: 0, unlimited: false }))
      .id;
    const poorToken = (
      await insertTokenRow(fresh.store, { userId: poor, remainQuota: 500, unlimited: false })
    ).id;
    const missingToken = richToken + drained + poorToken + 10_000;
    const ask = (userId: number, tokenId: number, amount: number): Ask => ({
      payer: { userId, tokenId, tokenUnlimited: tokenId === 0 },
      amount,
    });
    const asks: Ask[] = [
      ask(poor, 0, 0), // reserved: on PostgreSQL it goes alone, and all after it in one batch
      ask(rich, richToken, 120), // reserved: the wallet has 130 left, the token 80
      ask(rich, drained, 1), // the token is empty
      ask(rich, missingToken, 1), // no such token
      ask(rich, richToken, 100), // the token has 80
      ask(empty, 0, 1), // the wallet is empty
      ask(missingUser, 0, 1), // no such wallet
      ask(rich, 0, 100), // reserved: the wallet has 30 left
      ask(poor, poorToken, 40), // reserved: the wallet has 20 left
      ask(rich, richToken, 50), // the wallet has 30
      ask(poor, 0, 21), // the wallet has 20
      ask(rich, richToken, 30), // reserved: the wallet is empty, the token has 50
      ask(poor, poorToken, 20), // reserved: the wallet is empty
      ask(rich, 0, 1), // the wallet is empty
      ask(poor, poorToken, 1), // the wallet is empty
    ];
    const expected = judgedInOrder(
      asks,
      new Map([
        [rich, 250],
        [poor, 60],
        [empty, 0],
      ]),
      new Map([
        [richToken, 200],
        [drained, 0],
        [poorToken, 500],
      ]),
    );
    expect(expected.filter((outcome) => outcome === 'reserved')).toHaveLength(6);

    const outcomes = await Promise.all(
      asks.map(({ payer, amount }, i) =>
        reserveQuota(fresh.store, { id: `batch-${rich}-${i}`, nodeId: 'test-node', payer, amount }),
      ),
    );

    const reserved = (match: (ask: Ask) => boolean) =>
      asks.reduce((sum, ask, i) => sum + (outcomes[i] === 'reserved' && match(ask) ? ask.amount : 0), 0);
    // MySQL runs the calls side by side, in no set order: only what they took can be checked.
    if (fresh.store.dialect !== 'mysql') expect(outcomes).toEqual(expected);
    expect(await balance('users', rich)).toBe(250 - reserved((a) => a.payer.userId === rich));
    expect(await balance('users', poor)).toBe(60 - reserved((a) => a.payer.userId === poor));
    expect(await balance('users', empty)).toBe(0);
    expect(await balance('tokens', richToken)).toBe(200 - reserved((a) => a.payer.tokenId === richToken));
    expect(await balance('tokens', poorToken)).toBe(500 - reserved((a) => a.payer.tokenId === poorToken));
    expect(await balance('tokens', drained)).toBe(0);
    for (const id of [rich, poor]) expect(await balance('users', id)).toBeGreaterThanOrEqual(0);

    const rows = await fresh.store.db
      .selectFrom('reservations')
      .select(['id', 'user_id', 'token_id', 'amount'])
      .where('id', 'like', `batch-${rich}-%`)
      .execute();
    const recorded = new Map(rows.map((row) => [row.id, row]));
    asks.forEach((ask, i) => {
      const row = recorded.get(`batch-${rich}-${i}`);
      if (outcomes[i] !== 'reserved') return expect(row).toBeUndefined();
      expect(row).toBeDefined();
      expect([Number(row!.user_id), Number(row!.token_id), Number(row!.amount)]).toEqual([
        ask.payer.userId,
        ask.payer.tokenId,
        ask.amount,
      ]);
    });
    expect(rows).toHaveLength(outcomes.filter((outcome) => outcome === 'reserved').length);
  });

  it('a batch with a reservation whose id is taken fails whole and takes nothing', async () => {
    const userId = await insertUserRow(fresh.store, 500);
    const payer = { userId, tokenId: 0, tokenUnlimited: true };
    const ask = (id: string, amount: number) =>
      reserveQuota(fresh.store, { id: `repeat-${userId}${id}`, nodeId: 'test-node', payer, amount });
    expect(await ask('', 100)).toBe('reserved');
    // On PostgreSQL the first goes alone and the two after it together; on SQLite all three together.
    const settled = await Promise.allSettled([ask('-a', 10), ask('-b', 50), ask('', 70)]);
    expect(settled[2]!.status).toBe('rejected');
    if (fresh.store.dialect !== 'mysql') expect(settled[1]!.status).toBe('rejected');
    const amounts = [10, 50, 70];
    const taken = settled.reduce(
      (sum, result, i) =>
        sum + (result.status === 'fulfilled' && result.value === 'reserved' ? amounts[i]! : 0),
      0,
    );
    expect(await balance('users', userId)).toBe(400 - taken);
    const held = await fresh.store.db
      .selectFrom('reservations')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(held).toHaveLength(1 + settled.filter((result) => result.status === 'fulfilled').length);
  });
});
