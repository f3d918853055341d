import type { Insertable } from 'kysely';
import type { Db } from './db.ts';
import type { LogsTable } from './schema.ts';
import { nowSeconds } from './users.ts';

export type NewLog = Omit<Insertable<LogsTable>, 'created_at'> & { created_at?: number };

export async function insertLog(db: Db, log: NewLog): Promise<void> {
  await db
    .insertInto('logs')
    .values({ created_at: nowSeconds(), ...log })
    .execute();
}
