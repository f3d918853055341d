import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { PoolSettings } from '../config.ts';
import type { DatabaseHealth } from './database-health.ts';
import { dialectOf, type DialectName } from './dialect.ts';
import { mysqlDialect } from './mysql-dialect.ts';
import { postgresDialect } from './pg-dialect.ts';
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
  /** Whether a database server answers (PostgreSQL, MariaDB): while away, queries are refused at once. */
  health?: DatabaseHealth;
  close(): Promise<void>;
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

/** Used when the caller gives no pool settings (tools and tests that open a store directly). */
const DEFAULT_POOL: PoolSettings = {
  maxOpen: 10,
  maxIdle: 10,
  maxLifetimeSeconds: 300,
  queryTimeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  idleTransactionTimeoutMs: 30_000,
};

export function openStore(options: { sqlDsn: string; sqlitePath: string; pool?: PoolSettings }): Store {
  const pool = options.pool ?? DEFAULT_POOL;
  const dialect = dialectOf(options.sqlDsn);
  const sqlite = dialect === 'sqlite' ? openSqlite(options.sqlitePath) : undefined;
  const server = sqlite
    ? undefined
    : dialect === 'postgres'
      ? postgresDialect(options.sqlDsn, pool)
      : mysqlDialect(options.sqlDsn, pool);
  const db = new Kysely<Database>({ dialect: server?.dialect ?? new SqliteDialect({ database: sqlite! }) });
  const health = server?.health;
  return {
    db,
    dialect,
    sqlite,
    health,
    close: async () => {
      health?.close();
      await db.destroy();
    },
  };
}
