import type { Db } from './db.ts';
import type { UserRow } from './users.ts';

/** The users columns that hold a third-party account id. */
export type BindingColumn = 'github_id' | 'linux_do_id' | 'oidc_id' | 'wechat_id' | 'telegram_id';

/** The (not deleted) user this third-party account is bound to. */
export async function findBoundUser(db: Db, column: BindingColumn, id: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(column, '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The highest user id so far (0 with no users), for numbered usernames. */
export async function highestUserId(db: Db): Promise<number> {
  const last = await db
    .selectFrom('users')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(last?.id ?? 0);
}
