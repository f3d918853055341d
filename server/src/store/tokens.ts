import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, Store } from './db.ts';
import { isUniqueViolation } from './dialect.ts';
import { insertReturningId } from './insert.ts';
import { containsText } from './like.ts';
import type { TokensTable } from './schema.ts';

export type TokenRow = Selectable<TokensTable>;
export type NewToken = Omit<Insertable<TokensTable>, 'key'>;

/** Tries with fresh keys this many times before a key collision is reported as an error. */
const KEY_ATTEMPTS = 5;

/** A user's own token that is not deleted; another user's id reads as no token. */
export async function findOwnToken(db: Db, userId: number, id: number): Promise<TokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The live (not deleted) token with this key, without `sk-`. */
export async function findLiveTokenByKey(db: Db, key: string): Promise<TokenRow | undefined> {
  return db
    .selectFrom('tokens')
    .selectAll()
    .where('key', '=', key)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface TokenSearch {
  /** Part of the name. */
  keyword?: string;
  /** Part of the key, without `sk-`. */
  key?: string;
  offset: number;
  limit: number;
}

/** A page of the user's tokens, newest first. */
export async function searchOwnTokens(
  db: Db,
  userId: number,
  search: TokenSearch,
): Promise<{ total: number; items: TokenRow[] }> {
  let query = db.selectFrom('tokens').where('user_id', '=', userId).where('deleted_at', 'is', null);
  if (search.keyword) query = query.where(containsText('name', search.keyword));
  if (search.key) query = query.where(containsText('key', search.key));
  const [count, items] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('id', 'desc').limit(search.limit).offset(search.offset).execute(),
  ]);
  return { total: Number(count.n), items };
}

/**
 * Inserts all the tokens in one transaction, each with a key from `newKey`. A key that is already
 * taken rolls the whole batch back and it is tried again with new keys (a rollback rather than a
 * savepoint, because PostgreSQL aborts a transaction at its first error).
 */
export async function insertTokens(
  store: Store,
  tokens: NewToken[],
  newKey: () => string,
): Promise<TokenRow[]> {
  if (tokens.length === 0) return [];
  for (let attempt = 1; ; attempt++) {
    try {
      const ids = await store.db.transaction().execute(async (trx) => {
        const created: number[] = [];
        for (const token of tokens) {
          created.push(await insertReturningId(store, 'tokens', { ...token, key: newKey() }, trx));
        }
        return created;
      });
      return await store.db.selectFrom('tokens').selectAll().where('id', 'in', ids).orderBy('id').execute();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= KEY_ATTEMPTS) throw error;
    }
  }
}

export async function updateOwnToken(
  db: Db,
  userId: number,
  id: number,
  changes: Updateable<TokensTable>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .updateTable('tokens')
    .set(changes)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Soft-deletes those of `ids` that are the user's live tokens; answers their keys and how many were deleted. */
export async function softDeleteOwnTokens(
  db: Db,
  userId: number,
  ids: number[],
  now: number,
): Promise<{ count: number; keys: string[] }> {
  const owned = await db
    .selectFrom('tokens')
    .select(['id', 'key'])
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  if (owned.length === 0) return { count: 0, keys: [] };
  const result = await db
    .updateTable('tokens')
    .set({ deleted_at: now })
    .where(
      'id',
      'in',
      owned.map((row) => row.id),
    )
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return { count: Number(result.numUpdatedRows), keys: owned.map((row) => row.key) };
}
