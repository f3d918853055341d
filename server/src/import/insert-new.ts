import { sql, type Transaction } from 'kysely';
import type { DialectName } from '../store/dialect.ts';
import type { Database } from '../store/schema.ts';

/** Rows per INSERT statement: well under every engine's parameter limit at 40 columns. */
const CHUNK = 200;

/**
 * Inserts the rows, leaving out any that would collide with a row already there on a primary or
 * unique key (which the caller then finds missing). Only collisions are passed over: on MySQL an
 * ON DUPLICATE KEY no-op rather than INSERT IGNORE, which would also cut values that are too long.
 */
export async function insertNew(
  trx: Transaction<Database>,
  dialect: DialectName,
  table: keyof Database,
  rows: object[],
  keyColumn: string,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const insert = trx.insertInto(table).values(rows.slice(i, i + CHUNK) as never);
    const keep = { [keyColumn]: sql.ref(keyColumn) } as never;
    await (
      dialect === 'mysql' ? insert.onDuplicateKeyUpdate(keep) : insert.onConflict((oc) => oc.doNothing())
    ).execute();
  }
}
