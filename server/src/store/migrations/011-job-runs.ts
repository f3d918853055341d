import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The columns of a job's last run beside its lease; strings not null, so MySQL needs no text default. */
const COLUMNS: Array<[string, 'bigint' | 'varchar(16)' | 'varchar(128)' | 'varchar(512)']> = [
  ['interval_ms', 'bigint'],
  ['last_started_at', 'bigint'],
  ['last_duration_ms', 'bigint'],
  ['last_outcome', 'varchar(16)'],
  ['last_error', 'varchar(512)'],
  ['last_node', 'varchar(128)'],
];

/**
 * How each leased background job last ran, on its lease row, so every node (and root's console)
 * sees it: its interval, when the last run started (unix seconds), how long it took, whether it
 * ended well ('ok', 'error'; '' never ran) with the error's first words, and which process ran it.
 */
export function jobRuns(): Migration {
  return {
    async up(db: AnyDb) {
      for (const [name, type] of COLUMNS) {
        const empty = type === 'bigint' ? 0 : '';
        await db.schema
          .alterTable('job_leases')
          .addColumn(name, type, (c) => c.notNull().defaultTo(empty))
          .execute();
      }
    },
    async down(db: AnyDb) {
      for (const [name] of COLUMNS) await db.schema.alterTable('job_leases').dropColumn(name).execute();
    },
  };
}
