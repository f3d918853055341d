import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DialectName } from './dialect.ts';
import type { OneDatabase, Store } from './db.ts';
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
import { logOutboxTable } from './migrations/012-log-outbox.ts';
import { logDatabaseMigrations } from './migrations/log-database.ts';
import { reserveRoutines } from './migrations/013-reserve-routines.ts';
import { reservePerWallet } from './migrations/014-reserve-per-wallet.ts';
import { fewerWriteIndexes } from './migrations/015-fewer-write-indexes.ts';

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
    '012-log-outbox': logOutboxTable(dialect),
    '013-reserve-routines': reserveRoutines(dialect),
    '014-reserve-per-wallet': reservePerWallet(dialect),
    '015-fewer-write-indexes': fewerWriteIndexes(dialect),
  };
}

/** The log database's migrations live in tables of their own (see migrations/log-database.ts). */
const LOG_MIGRATION_TABLES = {
  migrationTableName: 'kysely_log_migration',
  migrationLockTableName: 'kysely_log_migration_lock',
};

async function migrate(
  database: OneDatabase,
  list: Record<string, Migration>,
  tables = {},
): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => list };
  const migrator = new Migrator({ db: database.db, provider, ...tables });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Brings the database up to date, and the log database when the logs live apart; safe to run at
 * every start and from several processes.
 */
export async function migrateToLatest(store: Store): Promise<string[]> {
  const done = await migrate(store, migrations(store.dialect));
  if (!store.logs.apart) return done;
  const logs = store.logs;
  return [...done, ...(await migrate(logs, logDatabaseMigrations(logs.dialect), LOG_MIGRATION_TABLES))];
}

async function missing(database: OneDatabase, table: string, names: string[]): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(database.db);
  const done = new Set(applied.rows.map((row) => row.name));
  return names.filter((name) => !done.has(name));
}

/** The migrations this build knows that the database (or the log database) has not had yet. */
export async function pendingMigrations(store: Store): Promise<string[]> {
  return missing(store, 'kysely_migration', Object.keys(migrations(store.dialect)));
}

/** The same for the log database, when the logs live apart (none otherwise). */
export async function pendingLogMigrations(store: Store): Promise<string[]> {
  if (!store.logs.apart) return [];
  const names = Object.keys(logDatabaseMigrations(store.logs.dialect));
  return missing(store.logs, LOG_MIGRATION_TABLES.migrationTableName, names);
}
