import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/db.ts';
import { insertReturningId } from '../store/insert.ts';
import { migrateToLatest } from '../store/migrate.ts';
import type { ChangeBus, ChangeEvent } from './change-bus.ts';
import { KeyCache } from './key-cache.ts';

/** After a settlement batch, balances at or below zero are dropped on every process and node. */
describe('KeyCache.applyBalances', () => {
  let store: Store;
  const published: ChangeEvent[] = [];
  const bus: ChangeBus = { publish: (event) => published.push(event), subscribe() {} };

  beforeAll(async () => {
    store = openStore({ sqlDsn: '', sqlitePath: ':memory:' });
    await migrateToLatest(store);
  });
  afterAll(() => store.close());

  async function cachedToken(keys: KeyCache, key: string, unlimited: boolean) {
    const userId = await insertReturningId(store, 'users', { username: key, password: 'x', quota: 100 });
    const id = await insertReturningId(store, 'tokens', {
      user_id: userId,
      key,
      remain_quota: 50,
      unlimited_quota: unlimited ? 1 : 0,
    });
    await keys.token(key);
    await keys.user(userId);
    return { id, userId };
  }

  it('drops a limited token and a wallet at or below zero everywhere, once for the token', async () => {
    const keys = new KeyCache(store, 3600, bus);
    const limited = await cachedToken(keys, 'limitedkey', false);
    const unlimited = await cachedToken(keys, 'unlimitedkey', true);
    published.length = 0;
    const balances = {
      users: new Map([
        [limited.userId, 0],
        [unlimited.userId, 40],
      ]),
      tokens: new Map([
        [limited.id, -3],
        [unlimited.id, -3],
      ]),
    };
    keys.applyBalances(balances);
    expect(published).toEqual([
      { kind: 'user', id: limited.userId },
      { kind: 'token', key: 'limitedkey' },
    ]);
    // The next batch finds the token gone from the cache: nothing is published for it again.
    published.length = 0;
    keys.applyBalances({ users: new Map(), tokens: new Map([[limited.id, -9]]) });
    expect(published).toEqual([]);
  });

  it('keeps a positive balance cached and tells no one', async () => {
    const keys = new KeyCache(store, 3600, bus);
    const token = await cachedToken(keys, 'positivekey', false);
    published.length = 0;
    keys.applyBalances({ users: new Map([[token.userId, 10]]), tokens: new Map([[token.id, 5]]) });
    expect(published).toEqual([]);
    expect((await keys.token('positivekey'))?.remain_quota).toBe(5);
    expect((await keys.user(token.userId))?.quota).toBe(10);
  });
});
