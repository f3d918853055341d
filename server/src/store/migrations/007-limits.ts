import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const TOKEN_COLUMNS = ['rpm_limit', 'tpm_limit', 'concurrency_limit', 'period_quota', 'quota_period'];

/**
 * Per-key limits beyond new-api's (0 or '': none): requests and tokens per minute, calls at once,
 * and a budget in quota that starts again every day, week or month; and a cap on the calls a
 * channel serves at once. new-api's console never sends them, so every default means unlimited.
 */
export function limitsColumns(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('tokens')
        .addColumn('rpm_limit', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('tokens')
        .addColumn('tpm_limit', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('tokens')
        .addColumn('concurrency_limit', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('tokens')
        .addColumn('period_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('tokens')
        .addColumn('quota_period', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('channels')
        .addColumn('concurrency_limit', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: AnyDb) {
      for (const column of TOKEN_COLUMNS) await db.schema.alterTable('tokens').dropColumn(column).execute();
      await db.schema.alterTable('channels').dropColumn('concurrency_limit').execute();
    },
  };
}
