import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Password reset tokens (32 hex characters, as new-api's) share the verification code table, whose
 * `code` column held 16. SQLite does not enforce a varchar length, so it needs no change.
 */
export function mailResetTokens(dialect: DialectName): Migration {
  const widen = async (db: AnyDb, length: number) => {
    if (dialect === 'postgres') {
      await sql`alter table verification_codes alter column code type varchar(${sql.raw(String(length))})`.execute(
        db,
      );
    } else if (dialect === 'mysql') {
      await sql`alter table verification_codes modify column code varchar(${sql.raw(String(length))}) not null`.execute(
        db,
      );
    }
  };
  return {
    up: (db: AnyDb) => widen(db, 64),
    async down(db: AnyDb) {
      await db
        .deleteFrom('verification_codes')
        .where(sql`length(code)`, '>', 16)
        .execute();
      await widen(db, 16);
    },
  };
}
