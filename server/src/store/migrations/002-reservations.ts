import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

/**
 * Quota held by calls in flight. A row is written in the same transaction that takes the quota and
 * deleted in the one that settles or refunds it, so every reservation ends exactly once: a
 * settlement replayed after a crash finds no row and changes nothing, and a process that was
 * killed finds, at its next start, the rows it left behind (by `node_id`) and refunds them.
 */
export function reservationsSchema(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      const id = dialect === 'mysql' ? sql`varchar(64) collate utf8mb4_bin` : sql`varchar(64)`;
      await db.schema
        .createTable('reservations')
        .addColumn('id', id, (c) => c.primaryKey())
        .addColumn('node_id', sql`varchar(128)`, (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('token_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('token_unlimited', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('idx_reservations_node_id').on('reservations').column('node_id').execute();
      await db.schema.createIndex('idx_reservations_user_id').on('reservations').column('user_id').execute();
      await db.schema
        .createIndex('idx_reservations_token_id')
        .on('reservations')
        .column('token_id')
        .execute();
    },
  };
}
