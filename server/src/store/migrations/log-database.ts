/**
 * The migrations of the log database (LOG_SQL_DSN): only the logs table, its indexes, and the
 * receipts of rows moved from the main database's outbox. They are recorded in tables of their own
 * (kysely_log_migration), so they never mix with the main database's.
 */
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';
import type { AnyDb } from './helpers.ts';
import { createLogsTable } from './logs-table.ts';

export function logDatabaseMigrations(dialect: DialectName): Record<string, Migration> {
  return {
    'log-001-logs': {
      async up(db: AnyDb) {
        // A log database that has a logs table already (new-api's, or one copied over) keeps it.
        const tables = await db.introspection.getTables();
        if (!tables.some((table) => table.name === 'logs')) await createLogsTable(db, dialect);
      },
    },
    'log-002-outbox-receipts': {
      async up(db: AnyDb) {
        await db.schema
          .createTable('log_outbox_receipts')
          .addColumn('row_key', 'varchar(36)', (c) => c.primaryKey())
          .addColumn('moved_at', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
      },
    },
  };
}
