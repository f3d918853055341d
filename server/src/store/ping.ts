import { sql } from 'kysely';
import type { Db } from './db.ts';

/** Whether the database answers a trivial query now. */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
