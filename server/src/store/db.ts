import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import type * as Mysql from 'mysql2';
import type Pg from 'pg';
import { dialectOf, type DialectName } from './dialect.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface Store {
  db: Db;
  dialect: DialectName;
  /**
   * The SQLite handle behind `db`, for hot paths that run cached prepared statements. Use it only
   * inside `db.connection().execute(...)`, which holds the one connection, so it can never run in
   * the middle of another transaction.
   */
  sqlite?: SQLite.Database;
  close(): Promise<void>;
}

// The PostgreSQL and MySQL drivers load only when used: together they hold about 35 MB that a
// SQLite gateway never needs.
const require = createRequire(import.meta.url);

export function loadPg(): typeof Pg {
  const pg = require('pg') as typeof Pg;
  // PostgreSQL sends int8 and numeric as strings; quota values fit well within 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  return pg;
}

function openSqlite(path: string): SQLite.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  // WAL lets readers go on while one writer commits; the busy timeout waits out a concurrent writer
  // (another process on the same file) instead of failing with SQLITE_BUSY.
  database.pragma('journal_mode = WAL');
  database.pragma('busy_timeout = 10000');
  database.pragma('synchronous = NORMAL');
  return database;
}

function postgresDialect(dsn: string): Dialect {
  const pool = new (loadPg().Pool)({ connectionString: dsn, max: 20 });
  // An idle connection the server closes (a restart, an admin, a failover) is reported here; without
  // a listener it would be an unhandled 'error' event and end the process. The pool drops that client.
  pool.on('error', (error) => console.error(`relaygate: idle PostgreSQL connection lost: ${error.message}`));
  return new PostgresDialect({ pool });
}

function mysqlDialect(dsn: string): Dialect {
  const { createPool } = require('mysql2') as typeof Mysql;
  const pool = createPool({
    uri: dsn,
    connectionLimit: 20,
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: true,
    charset: 'utf8mb4',
  });
  return new MysqlDialect({ pool });
}

export function openStore(options: { sqlDsn: string; sqlitePath: string }): Store {
  const dialect = dialectOf(options.sqlDsn);
  const sqlite = dialect === 'sqlite' ? openSqlite(options.sqlitePath) : undefined;
  const kyselyDialect = sqlite
    ? new SqliteDialect({ database: sqlite })
    : dialect === 'postgres'
      ? postgresDialect(options.sqlDsn)
      : mysqlDialect(options.sqlDsn);
  const db = new Kysely<Database>({ dialect: kyselyDialect });
  return { db, dialect, sqlite, close: () => db.destroy() };
}
