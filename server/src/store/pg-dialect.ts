import { createRequire } from 'node:module';
import { PostgresDialect, type Dialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type Pg from 'pg';
import type { PoolSettings } from '../config.ts';
import { DatabaseHealth } from './database-health.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

// The driver loads only when used: a SQLite gateway never needs it.
const require = createRequire(import.meta.url);

export function loadPg(): typeof Pg {
  const pg = require('pg') as typeof Pg;
  // PostgreSQL sends int8 and numeric as strings; quota values fit well within 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  pg.types.setTypeParser(1700, (v) => Number(v));
  return pg;
}

/** How long the client waits past the server's statement_timeout before it gives up on a silent server. */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;

function openPool(dsn: string, settings: PoolSettings): Pg.Pool {
  const timeout = settings.queryTimeoutMs;
  const pool = new (loadPg().Pool)({
    connectionString: dsn,
    max: settings.maxOpen,
    idleTimeoutMillis: 30_000,
    maxLifetimeSeconds: settings.maxLifetimeSeconds || undefined,
    // Covers both opening a connection and waiting for a free one.
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // The server ends a slow statement itself and the connection stays usable; the client-side
    // timer, a little later, covers a server or network that has gone silent.
    statement_timeout: timeout || undefined,
    query_timeout: timeout ? timeout + CLIENT_TIMEOUT_MARGIN_MS : undefined,
    // A transaction left open (its client died, or its network went silent) ends, and its locks go.
    idle_in_transaction_session_timeout: settings.idleTransactionTimeoutMs || undefined,
    // Notices a peer that vanished without closing (a failover, a dropped route) on idle connections.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection the server or network drops is reported as an 'error' event: on an idle client
  // through the pool, on a checked-out one only through the client itself. Without listeners either
  // would be unhandled and end the process; the failing query is rejected on its own.
  const report = (error: Error) => console.error(`relaygate: PostgreSQL connection lost: ${error.message}`);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/**
 * pg's pool as Kysely sees it, except that a connection whose query failed at the connection level
 * (lost, or timed out while its answer is still owed) is destroyed on release instead of handed out
 * again in an unknown state.
 */
function discardingBrokenConnections(pool: Pg.Pool, health: DatabaseHealth): PostgresPool {
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      health.check();
      const client = await pool.connect().catch((error: unknown) => {
        health.report(error);
        throw error;
      });
      let broken = false;
      const query = async (sql: string, parameters: readonly unknown[]) => {
        try {
          health.check();
          return await client.query(sql, parameters as unknown[]);
        } catch (error) {
          if (isDatabaseUnavailable(error)) broken = true;
          health.report(error);
          throw error;
        }
      };
      return {
        query: query as unknown as PostgresPoolClient['query'],
        release: (destroy?: boolean) => client.release(broken || destroy === true),
      };
    },
  };
}

/** A trivial query on a connection of its own (the pool's may all be stuck on a silent database). */
function probeOnce(dsn: string, timeoutMs: number): () => Promise<unknown> {
  return async () => {
    const client = new (loadPg().Client)({
      connectionString: dsn,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      return await client.query('select 1');
    } finally {
      void client.end().catch(() => {});
    }
  };
}

export function postgresDialect(
  dsn: string,
  settings: PoolSettings,
): { dialect: Dialect; health: DatabaseHealth } {
  const health = new DatabaseHealth(probeOnce(dsn, 2_000));
  const pool = openPool(dsn, settings);
  health.poolUse = () => ({
    used: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  });
  return {
    dialect: new PostgresDialect({ pool: discardingBrokenConnections(pool, health) }),
    health,
  };
}
