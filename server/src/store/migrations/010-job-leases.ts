import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One row per background job that exactly one node may run at a time (the task poller first):
 * who holds it and until when. A holder renews it on every run; once it has run out, any node
 * takes it over (see store/job-leases.ts).
 */
export function jobLeasesTable(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      const name = dialect === 'mysql' ? sql`varchar(64) collate utf8mb4_bin` : sql`varchar(64)`;
      await db.schema
        .createTable('job_leases')
        .addColumn('name', name, (c) => c.primaryKey())
        .addColumn('holder', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('job_leases').execute();
    },
  };
}
