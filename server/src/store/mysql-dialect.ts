import { createRequire } from 'node:module';
import { MysqlDialect, type Dialect, type MysqlPool, type MysqlPoolConnection } from 'kysely';
import type * as Mysql from 'mysql2';
import type { PoolSettings } from '../config.ts';
import { DatabaseAwayError, DatabaseHealth, type PoolUse } from './database-health.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

// The driver loads only when used: a SQLite gateway never needs it.
const require = createRequire(import.meta.url);

function openPool(dsn: string, settings: PoolSettings): Mysql.Pool {
  const { createPool } = require('mysql2') as typeof Mysql;
  const pool = createPool({
    uri: dsn,
    connectionLimit: settings.maxOpen,
    maxIdle: settings.maxIdle,
    idleTimeout: 30_000,
    connectTimeout: settings.connectTimeoutMs,
    enableKeepAlive: true,
    keepAliveInitialDelay: 10_000,
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: true,
    charset: 'utf8mb4',
  });
  // mysql2's pool listens for a connection's first 'error' only (to drop it); a later one, or one
  // on a connection not yet handed out, would be unhandled and end the process.
  pool.on('connection', (connection) => {
    connection.on('error', () => {});
    boundIdleTransactions(connection, settings.idleTransactionTimeoutMs);
  });
  return pool;
}

/**
 * MariaDB ends a session idle this long inside a transaction, releasing its locks (a node that died
 * mid-transaction behind a connection nobody closes). Sent before the connection's first query;
 * MySQL has no such setting and refuses it, which changes nothing (its wait_timeout is the bound).
 */
function boundIdleTransactions(connection: Mysql.PoolConnection, timeoutMs: number): void {
  if (timeoutMs <= 0) return;
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  connection.query(`SET SESSION idle_transaction_timeout = ${seconds}`, () => {});
}

type Callback = (error: unknown, result: never) => void;

/**
 * mysql2's pool as Kysely sees it, with a time limit on every query (mysql2 has none by default), and
 * a connection whose query failed at the connection level (lost, or timed out while its answer is
 * still owed) destroyed on release instead of handed out again in an unknown state.
 */
function guardedPool(pool: Mysql.Pool, timeout: number, health: DatabaseHealth): MysqlPool {
  const guard = (connection: Mysql.PoolConnection): MysqlPoolConnection => {
    let broken = false;
    const query = (sql: string, parameters: Mysql.QueryValues, callback?: Callback) => {
      const done: Callback | undefined = callback
        ? (error, result) => {
            if (error && isDatabaseUnavailable(error)) broken = true;
            if (error) health.report(error);
            callback(error, result);
          }
        : undefined;
      if (health.isAway && done) {
        broken = true;
        const away = new DatabaseAwayError();
        setImmediate(() => done(away, undefined as never));
        return undefined as never;
      }
      return connection.query({ sql, timeout: timeout || undefined }, parameters, done as never);
    };
    return {
      config: connection.config,
      threadId: connection.threadId,
      connect: (callback) => connection.connect(callback ?? (() => {})),
      destroy: () => connection.destroy(),
      query: query as MysqlPoolConnection['query'],
      release: () => (broken ? connection.destroy() : connection.release()),
    };
  };
  return {
    getConnection: (callback) => {
      if (health.isAway) return setImmediate(() => callback(new DatabaseAwayError(), undefined as never));
      pool.getConnection((error, connection) => {
        if (error) health.report(error);
        callback(error, error ? connection : guard(connection));
      });
    },
    end: (callback) => pool.end(callback),
  };
}

/** A trivial query on a connection of its own (the pool's may all be stuck on a silent database). */
function probeOnce(dsn: string, timeoutMs: number): () => Promise<unknown> {
  const { createConnection } = require('mysql2') as typeof Mysql;
  return () =>
    new Promise((resolve, reject) => {
      const connection = createConnection({ uri: dsn, connectTimeout: timeoutMs });
      connection.on('error', () => {});
      connection.query({ sql: 'select 1', timeout: timeoutMs }, (error) => {
        connection.destroy();
        if (error) reject(error);
        else resolve(undefined);
      });
    });
}

/** mysql2 keeps its counts in fields it does not document; read defensively (0 when absent). */
function mysqlPoolUse(pool: Mysql.Pool): PoolUse {
  const inner = pool as unknown as Record<string, { length?: number } | undefined>;
  const size = (name: string) => inner[name]?.length ?? 0;
  const idle = size('_freeConnections');
  return { used: Math.max(0, size('_allConnections') - idle), idle, waiting: size('_connectionQueue') };
}

export function mysqlDialect(
  dsn: string,
  settings: PoolSettings,
): { dialect: Dialect; health: DatabaseHealth } {
  const health = new DatabaseHealth(probeOnce(dsn, 2_000));
  const raw = openPool(dsn, settings);
  health.poolUse = () => mysqlPoolUse(raw);
  const pool = guardedPool(raw, settings.queryTimeoutMs, health);
  return { dialect: new MysqlDialect({ pool }), health };
}
