import type { Store } from './db.ts';
import { insertUser, nowSeconds, type NewUser } from './users.ts';

/**
 * Writes the first start's root user, its API token when one is named (the key without `sk-`),
 * and the setup mark, in one transaction. A concurrent first start on the same database makes
 * this fail with a unique violation, which the caller answers.
 */
export async function insertFirstRoot(store: Store, root: NewUser, tokenKey?: string): Promise<void> {
  await store.db.transaction().execute(async (trx) => {
    const rootId = await insertUser(store, root, trx);
    if (tokenKey) {
      await trx
        .insertInto('tokens')
        .values({
          user_id: rootId,
          key: tokenKey,
          name: 'initial root token',
          created_time: nowSeconds(),
          accessed_time: nowSeconds(),
          expired_time: -1,
          unlimited_quota: 1,
        })
        .execute();
    }
    await trx.insertInto('setups').values({ version: 'relaygate', initialized_at: nowSeconds() }).execute();
  });
}
