import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Each gateway process's lease on its reservations: renewed while it lives. A node whose lease ran
 * out (it died and came back, if ever, under another identity) has its reservations refunded by a
 * live one (see store/node-leases.ts).
 */
export function nodeLeasesTable(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      const nodeId = dialect === 'mysql' ? sql`varchar(128) collate utf8mb4_bin` : sql`varchar(128)`;
      await db.schema
        .createTable('node_leases')
        .addColumn('node_id', nodeId, (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('node_leases').execute();
    },
  };
}
