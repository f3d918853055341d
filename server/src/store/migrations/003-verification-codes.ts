import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * E-mail verification codes, shared by every node on the database when there is no Redis.
 * A row is `purpose:address` → code until `expires_at` (unix seconds); expired rows are swept on issue.
 */
export function verificationCodesTable(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      const key = dialect === 'mysql' ? sql`varchar(320) collate utf8mb4_bin` : sql`varchar(320)`;
      await db.schema
        .createTable('verification_codes')
        .addColumn('key', key, (c) => c.primaryKey())
        .addColumn('code', sql`varchar(16)`, (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('idx_verification_codes_expires_at')
        .on('verification_codes')
        .column('expires_at')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('verification_codes').execute();
    },
  };
}
