import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The outcome of a channel's last test beside its time (new-api keeps only test_time and
 * response_time, so a failed test reads as a fast success): 0 not recorded, 1 passed, 2 failed;
 * why it failed in English words, and the same as a catalogue message (JSON) when the words are
 * the gateway's own, so the console can say it in its reader's language. Rows that exist before
 * this migration have no recorded outcome.
 */
export function channelTestOutcome(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('channels')
        .addColumn('test_outcome', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('channels').addColumn('test_error', 'text').execute();
      await db.schema.alterTable('channels').addColumn('test_error_text', 'text').execute();
    },
    async down(db: AnyDb) {
      for (const column of ['test_outcome', 'test_error', 'test_error_text'])
        await db.schema.alterTable('channels').dropColumn(column).execute();
    },
  };
}
