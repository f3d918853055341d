import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Whether root chose a channel's address (base URL and type): 1 when root did, 0 when a non-root
 * admin did. Calls to an address an admin chose go through the outbound guard (no loopback,
 * private or metadata addresses); root's own channels may point at a local model server. Rows that
 * exist before this migration were made when only the operator could be asked, so they count as root's.
 */
export function channelAddressTrust(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('channels')
        .addColumn('address_trusted', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('channels').dropColumn('address_trusted').execute();
    },
  };
}
