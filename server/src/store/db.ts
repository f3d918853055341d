import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { PoolSettings } from '../config.ts';
import type { DatabaseHealth } from './database-health.ts';
import { dialectOf, sqliteFileOf, type DialectName } from './dialect.ts';
import { mysqlDialect } from './mysql-dialect.ts';
import { postgresDialect } from './pg-dialect.ts';
import type { Database } from './schema.ts';
import { SQLITE_BUSY_TIMEOUT_MS } from './sqlite-write-lock.ts';

export type Db = Kysely<Database>;

/** One database: its Kysely, its dialect and what the pool knows of it. */
export interface OneDatabase {
  db: Db;
  dialect: DialectName;
  /**
   * The SQLite handle behind `db`, for hot paths that run cached prepared statements. Use it only
   * inside `db.connection().execute(...)`, which holds the one connection, so it can never run in
   * the middle of another transaction.
   */
  sqlite?: SQLite.Database;
  /** Whether a database server answers (PostgreSQL, MariaDB): while away, queries are refused at once. */
  health?: DatabaseHealth;
}

/**
 * Where the log rows live. Without LOG_SQL_DSN it is the main database itself (`apart` false) and
 * rows are written to `logs` with the money they record. With it, `logs` is in a database of its
 * own: writers put their rows in the main database's `log_outbox`, in their own transaction, and
 * the log mover (jobs/log-mover.ts) copies them over; readers read `logs` here.
 */
export interface LogStore extends OneDatabase {
  apart: boolean;
  /** Called once log rows wait in the outbox (the mover hooks itself here); a no-op until then. */
  onQueued: () => void;
}

export interface Store extends OneDatabase {
  logs: LogStore;
  close(): Promise<void>;
}

function openSqlite(path: string): SQLite.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  // WAL lets readers go on while one writer commits; the busy timeout waits out a concurrent writer
  // (another process on the same file) instead of failing with SQLITE_BUSY. The hot writes wait
  // without it, with the event loop free (see sqlite-write-lock.ts).
  database.pragma('journal_mode = WAL');
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  database.pragma('synchronous = NORMAL');
  return database;
}

/** Used when the caller gives no pool settings (tools and tests that open a store directly). */
const DEFAULT_POOL: PoolSettings = {
  maxOpen: 10,
  maxIdle: 10,
  maxLifetimeSeconds: 300,
  queryTimeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  idleTransactionTimeoutMs: 30_000,
};

function openDatabase(sqlDsn: string, sqlitePath: string, pool: PoolSettings): OneDatabase {
  const dialect = dialectOf(sqlDsn);
  const sqlite = dialect === 'sqlite' ? openSqlite(sqliteFileOf(sqlDsn) ?? sqlitePath) : undefined;
  const server = sqlite
    ? undefined
    : dialect === 'postgres'
      ? postgresDialect(sqlDsn, pool)
      : mysqlDialect(sqlDsn, pool);
  const db = new Kysely<Database>({ dialect: server?.dialect ?? new SqliteDialect({ database: sqlite! }) });
  return { db, dialect, sqlite, health: server?.health };
}

async function closeDatabase(database: OneDatabase): Promise<void> {
  database.health?.close();
  await database.db.destroy();
}

export interface StoreOptions {
  sqlDsn: string;
  sqlitePath: string;
  /** LOG_SQL_DSN: the log rows' own database; empty or absent, they live in the main one. */
  logSqlDsn?: string;
  pool?: PoolSettings;
}

/** The store as seen by code that works on the logs table: its `db` is the log database. */
export function logsView(store: Store): Store {
  const { db, dialect, sqlite, health } = store.logs;
  return { ...store, db, dialect, sqlite, health };
}

export function openStore(options: StoreOptions): Store {
  const pool = options.pool ?? DEFAULT_POOL;
  const main = openDatabase(options.sqlDsn, options.sqlitePath, pool);
  const apart = options.logSqlDsn ? openDatabase(options.logSqlDsn, '', pool) : undefined;
  return {
    ...main,
    logs: { ...(apart ?? main), apart: apart !== undefined, onQueued: () => {} },
    close: async () => {
      await closeDatabase(main);
      if (apart) await closeDatabase(apart);
    },
  };
}
