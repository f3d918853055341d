import type { Insertable } from 'kysely';
import type { Store } from './db.ts';
import type { Database } from './schema.ts';

type TableWithId = { [K in keyof Database]: Database[K] extends { id: unknown } ? K : never }[keyof Database];

/** Inserts one row and answers its new id (PostgreSQL has no insertId, so it asks with RETURNING). */
export async function insertReturningId<T extends TableWithId>(
  store: Store,
  table: T,
  values: Insertable<Database[T]>,
  db: Store['db'] = store.db,
): Promise<number> {
  // Kysely cannot narrow a generic table name, so the insert is built on the erased type.
  const query = db.insertInto(table as 'users').values(values as Insertable<Database['users']>);
  if (store.dialect === 'postgres') {
    const row = await query.returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }
  const result = await query.executeTakeFirstOrThrow();
  return Number(result.insertId);
}
