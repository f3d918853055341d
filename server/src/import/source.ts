import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { PoolSettings } from '../config.ts';
import type { DialectName } from '../store/dialect.ts';
import { mysqlDialect } from '../store/mysql-dialect.ts';
import { postgresDialect } from '../store/pg-dialect.ts';
import type { SourceLocation } from './source-dsn.ts';

// The source's tables are whatever its new-api version made them: read as loose rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseDb = Kysely<any>;

export class SourceUnavailableError extends Error {}

/** The new-api database, opened read-only, with the columns of each of its tables. */
export interface SourceDb {
  dialect: DialectName;
  shown: string;
  columns: Map<string, Set<string>>;
  /**
   * Runs the whole read inside one read-only snapshot where the engine has one that does not block
   * the running gateway (PostgreSQL, MySQL/MariaDB, SQLite in WAL mode); other SQLite files are
   * read table by table.
   */
  snapshot<T>(read: (db: LooseDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A read may outlast any request: no query timeout, and an open read transaction is not cut short. */
const READ_POOL: PoolSettings = {
  maxOpen: 2,
  maxIdle: 2,
  maxLifetimeSeconds: 0,
  queryTimeoutMs: 0,
  connectTimeoutMs: 10_000,
  idleTransactionTimeoutMs: 0,
};

export async function openSource(location: SourceLocation): Promise<SourceDb> {
  const { db, close } = connect(location);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await close().catch(() => {});
    throw new SourceUnavailableError(
      `the source database ${location.shown} does not answer: ${reason(error)}`,
    );
  }
  const columns = await listColumns(db, location.dialect);
  // A read transaction on a WAL file is a snapshot that blocks no writer; in the rollback-journal
  // mode (new-api's default) it would hold off the running new-api's writes for the whole import.
  const walMode =
    location.dialect === 'sqlite' &&
    (await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db)).rows[0]?.journal_mode === 'wal';
  return {
    dialect: location.dialect,
    shown: location.shown,
    columns,
    snapshot: (read) =>
      location.dialect !== 'sqlite'
        ? db.transaction().setAccessMode('read only').setIsolationLevel('repeatable read').execute(read)
        : walMode
          ? db.transaction().execute(read)
          : read(db),
    close,
  };
}

function connect(location: SourceLocation): { db: LooseDb; close: () => Promise<void> } {
  if (location.dialect === 'sqlite') {
    if (!existsSync(location.sqlitePath)) {
      throw new SourceUnavailableError(`the source database ${location.sqlitePath} does not exist`);
    }
    let database: SQLite.Database;
    try {
      database = new SQLite(location.sqlitePath, { readonly: true, fileMustExist: true });
    } catch (error) {
      throw new SourceUnavailableError(`cannot open ${location.sqlitePath} as SQLite: ${reason(error)}`);
    }
    const db: LooseDb = new Kysely({ dialect: new SqliteDialect({ database }) });
    return { db, close: () => db.destroy() };
  }
  const server =
    location.dialect === 'postgres'
      ? postgresDialect(location.url, READ_POOL)
      : mysqlDialect(location.url, READ_POOL);
  const db: LooseDb = new Kysely({ dialect: server.dialect });
  return {
    db,
    close: async () => {
      server.health.close();
      await db.destroy();
    },
  };
}

async function listColumns(db: LooseDb, dialect: DialectName): Promise<Map<string, Set<string>>> {
  const pairs: { table_name: string; column_name: string }[] = [];
  if (dialect === 'sqlite') {
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    for (const { name } of tables.rows) {
      const info = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
      for (const column of info.rows) pairs.push({ table_name: name, column_name: column.name });
    }
  } else {
    const schema = dialect === 'postgres' ? sql`current_schema()` : sql`database()`;
    const rows = await sql<{ table_name: string; column_name: string }>`
      select table_name as table_name, column_name as column_name
      from information_schema.columns where table_schema = ${schema}`.execute(db);
    pairs.push(...rows.rows);
  }
  const columns = new Map<string, Set<string>>();
  for (const { table_name, column_name } of pairs) {
    const table = table_name.toLowerCase();
    if (!columns.has(table)) columns.set(table, new Set());
    columns.get(table)!.add(column_name.toLowerCase());
  }
  return columns;
}

export const reason = (error: unknown): string =>
  error instanceof AggregateError && error.errors.length > 0
    ? reason(error.errors[0])
    : error instanceof Error
      ? error.message || error.constructor.name
      : String(error);
