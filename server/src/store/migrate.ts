import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DialectName } from './dialect.ts';
import type { Store } from './db.ts';
import { initialSchema } from './migrations/001-initial.ts';
import { reservationsSchema } from './migrations/002-reservations.ts';
import { verificationCodesTable } from './migrations/003-verification-codes.ts';
import { quotaDataKey } from './migrations/004-quota-data-key.ts';
import { channelAddressTrust } from './migrations/005-channel-address-trust.ts';
import { mailResetTokens } from './migrations/006-mail-reset-tokens.ts';
import { limitsColumns } from './migrations/007-limits.ts';
import { nodeLeasesTable } from './migrations/008-node-leases.ts';
import { channelTestOutcome } from './migrations/009-channel-test-outcome.ts';
import { jobLeasesTable } from './migrations/010-job-leases.ts';
import { jobRuns } from './migrations/011-job-runs.ts';
import { reserveRoutines } from './migrations/012-reserve-routines.ts';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '001-initial': initialSchema(dialect),
    '002-reservations': reservationsSchema(dialect),
    '003-verification-codes': verificationCodesTable(dialect),
    '004-quota-data-key': quotaDataKey(),
    '005-channel-address-trust': channelAddressTrust(),
    '006-mail-reset-tokens': mailResetTokens(dialect),
    '007-limits': limitsColumns(),
    '008-node-leases': nodeLeasesTable(dialect),
    '009-channel-test-outcome': channelTestOutcome(),
    '010-job-leases': jobLeasesTable(dialect),
    '011-job-runs': jobRuns(),
    '012-reserve-routines': reserveRoutines(dialect),
  };
}

/** Brings the database up to date; safe to run at every start and from several processes. */
export async function migrateToLatest(store: Store): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(store.dialect) };
  const migrator = new Migrator({ db: store.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this build knows that the database has not had yet (none: it is up to date). */
export async function pendingMigrations(store: Store): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(store.db);
  const done = new Set(applied.rows.map((row) => row.name));
  return Object.keys(migrations(store.dialect)).filter((name) => !done.has(name));
}
