import { sql } from 'kysely';
import type { Db } from './db.ts';

/** Sends a PostgreSQL NOTIFY on `channel` (the change bus between nodes). */
export async function pgNotify(db: Db, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
