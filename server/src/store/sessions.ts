import type { Db } from './db.ts';

export async function insertSession(
  db: Db,
  id: string,
  userId: number,
  createdAt: number,
  expiresAt: number,
) {
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, created_at: createdAt, expires_at: expiresAt })
    .execute();
}

export async function findSession(db: Db, id: string, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'expires_at'])
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of a user: used on disable, delete and password change. */
export async function deleteUserSessions(db: Db, userId: number, exceptId?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId) query = query.where('id', '!=', exceptId);
  await query.execute();
}

/** Deletes the sessions expired at `now`; answers how many. */
export async function deleteExpiredSessions(db: Db, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
