import type { Selectable, Updateable } from 'kysely';
import type { Db, Store } from './db.ts';
import { insertReturningId } from './insert.ts';
import { containsText } from './like.ts';
import type { UsersTable } from './schema.ts';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Parameters<typeof insertReturningId<'users'>>[2];

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** A user that is not soft-deleted. */
export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserByIdWithDeleted(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Login accepts a username or an e-mail address; deleted users are never found. */
export async function findUserForLogin(db: Db, usernameOrEmail: string): Promise<UserRow | undefined> {
  const byName = await db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', usernameOrEmail)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (byName || !usernameOrEmail.includes('@')) return byName;
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', usernameOrEmail)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserByAccessToken(db: Db, accessToken: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('access_token', '=', accessToken)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findUserByAffCode(db: Db, affCode: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('aff_code', '=', affCode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Usernames stay taken after a soft delete, as in new-api. */
export async function usernameTaken(db: Db, username: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(store: Store, user: NewUser, db: Db = store.db): Promise<number> {
  return insertReturningId(store, 'users', { created_at: nowSeconds(), ...user }, db);
}

export async function updateUser(db: Db, id: number, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export async function countRootUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '>=', 100)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface UserSearch {
  keyword?: string;
  group?: string;
  offset: number;
  limit: number;
}

/** The admin list and search: deleted users included, so the console can show them as deregistered. */
export async function searchUsers(db: Db, search: UserSearch): Promise<{ total: number; items: UserRow[] }> {
  let query = db.selectFrom('users');
  const keyword = search.keyword?.trim();
  if (keyword) {
    const id = /^\d{1,15}$/.test(keyword) ? Number(keyword) : -1;
    query = query.where((eb) =>
      eb.or([
        eb('id', '=', id),
        containsText('username', keyword),
        containsText('email', keyword),
        containsText('display_name', keyword),
      ]),
    );
  }
  if (search.group) query = query.where('group', '=', search.group);
  const [count, items] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('id', 'desc').limit(search.limit).offset(search.offset).execute(),
  ]);
  return { total: Number(count.n), items };
}

/** A user as the key cache keeps it beside a key. */
export type KeyUser = Pick<
  UserRow,
  'id' | 'username' | 'group' | 'status' | 'role' | 'quota' | 'deleted_at' | 'setting'
>;

/** The user of a key, with what authenticating a call needs (deleted ones included: the caller checks). */
export async function findKeyUser(db: Db, id: number): Promise<KeyUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'group', 'status', 'role', 'quota', 'deleted_at', 'setting'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The address of the first live administrator with one ('' when none has): site notices go there. */
export async function rootEmail(db: Db): Promise<string> {
  const root = await db
    .selectFrom('users')
    .select('email')
    .where('role', '>=', 100)
    .where('deleted_at', 'is', null)
    .where('email', '!=', '')
    .orderBy('id')
    .executeTakeFirst();
  return root?.email ?? '';
}

/** A user's wallet now, if the user exists. */
export async function walletOf(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : Number(row.quota);
}

/**
 * Moves `quota` from a user's invite balance to their wallet in ONE conditional update: two
 * concurrent transfers can never both spend the same invite balance. Answers whether it moved.
 */
export async function transferInviteQuota(db: Db, id: number, quota: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ aff_quota: eb('aff_quota', '-', quota), quota: eb('quota', '+', quota) }))
    .where('id', '=', id)
    .where('aff_quota', '>=', quota)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
