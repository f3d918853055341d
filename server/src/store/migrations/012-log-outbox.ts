import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';
import { withId, type AnyDb } from './helpers.ts';
import { withLogColumns } from './logs-table.ts';

/**
 * log_outbox: with LOG_SQL_DSN, the log rows a transaction writes wait here, in the same
 * transaction as the money they record, until the log mover copies them to the log database.
 * `row_key` (random, never reused) is how the log database knows a row it has taken already.
 */
export function logOutboxTable(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withLogColumns(withId(db.schema.createTable('log_outbox'), dialect), dialect)
        .addColumn('row_key', 'varchar(36)', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('log_outbox').execute();
    },
  };
}
