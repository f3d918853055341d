import type { Store } from '../../src/store/db.ts';

const TABLES = [
  'users',
  'tokens',
  'channels',
  'abilities',
  'options',
  'redemptions',
  'top_ups',
  'logs',
  'quota_data',
  'midjourneys',
  'tasks',
] as const;

/**
 * What an imported database holds that a move must keep: row counts per table, every user's
 * name, password hash and balances, every key and what it has left, and the quota the logs add
 * up to. Two imports that agree here hold the same site.
 */
export async function importedHoldings(store: Store) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const users = await store.db
    .selectFrom('users')
    .select(['id', 'username', 'password', 'quota', 'used_quota'])
    .orderBy('id')
    .execute();
  const keys = await store.db
    .selectFrom('tokens')
    .select(['id', 'key', 'remain_quota'])
    .orderBy('id')
    .execute();
  const logQuota = await store.db
    .selectFrom('logs')
    .select((eb) => eb.fn.sum('quota').as('q'))
    .executeTakeFirstOrThrow();
  return {
    counts,
    money: users.map((u) => [Number(u.id), Number(u.quota), Number(u.used_quota)]),
    credentials: users.map((u) => [Number(u.id), u.username, u.password]),
    keys: keys.map((k) => [Number(k.id), k.key, Number(k.remain_quota)]),
    logQuota: Number(logQuota.q),
  };
}
