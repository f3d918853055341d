import type { Db } from './db.ts';

/** Whether another account (not `exceptUserId`, deleted ones included) holds this address. */
export async function emailInUse(db: Db, email: string, exceptUserId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The live account holding this address, if any. */
export async function userByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
}
