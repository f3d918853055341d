import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** loadConfig(env), expected to throw a ConfigError; returns its message. */
function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) did not throw`);
}

describe('loadConfig', () => {
  it('defaults to port 3000 and SQLite at data/relaygate.db', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.sqlDsn).toBe('');
    expect(config.sqlitePath).toBe('data/relaygate.db');
    expect(config.redisUrl).toBe('');
    expect(config.logLevel).toBe('info');
    expect(config.syncFrequencySeconds).toBe(60);
    expect(config.streamingTimeoutSeconds).toBe(300);
    expect(config.maxRequestBodyBytes).toBe(128 * 1024 * 1024);
    expect(config.trustProxy).toBe(false);
  });

  it('has server timeouts for slow clients, and refuses a headers timeout longer than the body timeout', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 30_000,
      bodyTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
      maxRequestsPerSocket: 0,
    });
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT: '0.5', HTTP_BODY_TIMEOUT: '2' }).http.headersTimeoutMs).toBe(
      500,
    );
    expect(configError({ HTTP_HEADERS_TIMEOUT: '90', HTTP_BODY_TIMEOUT: '60' })).toMatch(
      /HTTP_HEADERS_TIMEOUT/,
    );
    expect(configError({ HTTP_BODY_TIMEOUT: 'soon' })).toMatch(/HTTP_BODY_TIMEOUT/);
    expect(configError({ HTTP_MAX_REQUESTS_PER_SOCKET: '-1' })).toMatch(/HTTP_MAX_REQUESTS_PER_SOCKET/);
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', SQL_DSN: '', SQLITE_PATH: '', LOG_LEVEL: '' });
    expect(config.port).toBe(3000);
    expect(config.sqlitePath).toBe('data/relaygate.db');
    expect(config.logLevel).toBe('info');
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      SQLITE_PATH: '/var/lib/relaygate/gw.db',
      LOG_LEVEL: 'debug',
      SYNC_FREQUENCY: '30',
      API_BODY_LIMIT_KB: '2',
      TRUST_PROXY: 'true',
      REDIS_CONN_STRING: 'redis://127.0.0.1:6379/0',
      REDIS_KEY_PREFIX: 'gw-eu:',
    });
    expect(config.port).toBe(8080);
    expect(config.sqlitePath).toBe('/var/lib/relaygate/gw.db');
    expect(config.logLevel).toBe('debug');
    expect(config.syncFrequencySeconds).toBe(30);
    expect(config.apiBodyLimitBytes).toBe(2048);
    expect(config.trustProxy).toBe(true);
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(config.redisKeyPrefix).toBe('gw-eu:');
    expect(loadConfig({}).redisKeyPrefix).toBe('relaygate:');
  });

  it('accepts the PostgreSQL and MySQL DSN forms', () => {
    for (const dsn of [
      'postgres://user:pass@127.0.0.1:5432/relaygate',
      'postgresql://user:pass@db.internal/relaygate?sslmode=require',
      'mysql://user:pass@127.0.0.1:3306/relaygate',
    ]) {
      expect(loadConfig({ SQL_DSN: dsn }).sqlDsn).toBe(dsn);
    }
  });

  it('refuses a bad SQL_DSN and names the variable', () => {
    for (const dsn of ['clickhouse://127.0.0.1:9000/logs', 'sqlserver://x', 'just-a-name', ' ']) {
      expect(configError({ SQL_DSN: dsn }), dsn).toMatch(/SQL_DSN/);
    }
  });

  it('takes LOG_SQL_DSN in the three engines (SQLite as sqlite:<file>), empty by default', () => {
    expect(loadConfig({}).logSqlDsn).toBe('');
    for (const dsn of [
      'postgres://u:p@10.0.0.9/logs',
      'mysql://u:p@10.0.0.9:3306/logs',
      'sqlite:data/logs.db',
    ]) {
      expect(loadConfig({ LOG_SQL_DSN: dsn }).logSqlDsn).toBe(dsn);
    }
    for (const dsn of ['clickhouse://127.0.0.1:9000/logs', 'sqlite:', 'logs.db']) {
      expect(configError({ LOG_SQL_DSN: dsn }), dsn).toMatch(/LOG_SQL_DSN/);
    }
  });

  it('refuses a bad PORT and names the variable', () => {
    for (const port of ['abc', '-1', '65536', '80.5']) {
      expect(configError({ PORT: port }), port).toMatch(/PORT/);
    }
  });

  it('refuses an unknown LOG_LEVEL and names the variable', () => {
    expect(configError({ LOG_LEVEL: 'verbose' })).toMatch(/LOG_LEVEL/);
  });

  it('names every bad variable at once, and not the good ones', () => {
    const message = configError({ PORT: 'x', LOG_LEVEL: 'loud', SQLITE_PATH: 'ok.db' });
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/LOG_LEVEL/);
    expect(message).not.toMatch(/SQLITE_PATH/);
  });

  it('refuses other malformed values with the variable name', () => {
    expect(configError({ REDIS_CONN_STRING: 'localhost:6379' })).toMatch(/REDIS_CONN_STRING/);
    expect(configError({ REDIS_KEY_PREFIX: 'has spaces*' })).toMatch(/REDIS_KEY_PREFIX/);
    expect(configError({ SYNC_FREQUENCY: '0' })).toMatch(/SYNC_FREQUENCY/);
    expect(configError({ TRUST_PROXY: 'maybe' })).toMatch(/TRUST_PROXY/);
    expect(configError({ INITIAL_ROOT_TOKEN: 'sk-has spaces' })).toMatch(/INITIAL_ROOT_TOKEN/);
  });

  it('generates a session secret when none is set, and says so', () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a.sessionSecretGenerated).toBe(true);
    expect(a.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(b.sessionSecret).not.toBe(a.sessionSecret);
    const fixed = loadConfig({ SESSION_SECRET: 'a-fixed-secret-for-this-site' });
    expect(fixed.sessionSecretGenerated).toBe(false);
    expect(fixed.sessionSecret).toBe('a-fixed-secret-for-this-site');
  });

  it('refuses the placeholder SESSION_SECRET "random_string", as new-api does', () => {
    expect(configError({ SESSION_SECRET: 'random_string' })).toMatch(/SESSION_SECRET/);
  });

  it('sizes the connection pool by the worker count, so four nodes stay under 100 connections', () => {
    const pg = 'postgres://u@127.0.0.1/relaygate';
    expect(loadConfig({ SQL_DSN: pg, WORKERS: '1' }).pool.maxOpen).toBe(20);
    expect(loadConfig({ SQL_DSN: pg, WORKERS: '2' }).pool.maxOpen).toBe(10);
    expect(loadConfig({ SQL_DSN: pg, WORKERS: '8' }).pool.maxOpen).toBe(2);
    expect(loadConfig({ SQL_DSN: pg, WORKERS: '64' }).pool.maxOpen).toBe(2);
    for (const workers of [1, 2, 3, 4, 6, 8]) {
      const perNode = workers * loadConfig({ SQL_DSN: pg, WORKERS: String(workers) }).pool.maxOpen;
      // Each worker also holds one LISTEN connection for the change bus (without Redis).
      expect(4 * (perNode + workers), `${workers} workers`).toBeLessThan(100);
    }
  });

  it('reads the pool and timeout variables, in new-api units (seconds)', () => {
    const { pool } = loadConfig({
      SQL_MAX_OPEN_CONNS: '12',
      SQL_MAX_IDLE_CONNS: '4',
      SQL_MAX_LIFETIME: '60',
      SQL_QUERY_TIMEOUT: '2.5',
      SQL_IDLE_TRANSACTION_TIMEOUT: '12',
    });
    expect(pool).toEqual({
      maxOpen: 12,
      maxIdle: 4,
      maxLifetimeSeconds: 60,
      queryTimeoutMs: 2500,
      connectTimeoutMs: 2500,
      idleTransactionTimeoutMs: 12_000,
    });
    const defaults = loadConfig({ WORKERS: '2' }).pool;
    expect(defaults.maxIdle).toBe(defaults.maxOpen);
    expect(defaults.queryTimeoutMs).toBe(30_000);
    expect(defaults.connectTimeoutMs).toBe(10_000);
    expect(defaults.idleTransactionTimeoutMs).toBe(30_000);
    expect(loadConfig({ SQL_IDLE_TRANSACTION_TIMEOUT: '0' }).pool.idleTransactionTimeoutMs).toBe(0);
    // new-api's default idle count is larger than our pool: keep them all, do not refuse.
    expect(loadConfig({ SQL_MAX_OPEN_CONNS: '10', SQL_MAX_IDLE_CONNS: '100' }).pool.maxIdle).toBe(10);
  });

  it('refuses bad pool and timeout values and names the variable', () => {
    expect(configError({ SQL_MAX_OPEN_CONNS: '0' })).toMatch(/SQL_MAX_OPEN_CONNS/);
    expect(configError({ SQL_MAX_OPEN_CONNS: 'many' })).toMatch(/SQL_MAX_OPEN_CONNS/);
    expect(configError({ SQL_MAX_IDLE_CONNS: '-1' })).toMatch(/SQL_MAX_IDLE_CONNS/);
    expect(configError({ SQL_MAX_LIFETIME: '1.5' })).toMatch(/SQL_MAX_LIFETIME/);
    expect(configError({ SQL_QUERY_TIMEOUT: '0' })).toMatch(/SQL_QUERY_TIMEOUT/);
    expect(configError({ SQL_QUERY_TIMEOUT: '30s' })).toMatch(/SQL_QUERY_TIMEOUT/);
  });

  it("polls tasks as new-api does by default, and reads the task variables in new-api's units", () => {
    expect(loadConfig({}).tasks).toEqual({
      enabled: true,
      queryLimit: 1000,
      timeoutMs: 1440 * 60_000,
      intervalMs: 15_000,
      leaseMs: 60_000,
    });
    const tasks = loadConfig({
      UPDATE_TASK: 'false',
      TASK_QUERY_LIMIT: '50',
      TASK_TIMEOUT_MINUTES: '0.5',
      TASK_POLL_INTERVAL_SECONDS: '0.2',
      TASK_POLL_LEASE_SECONDS: '3',
    }).tasks;
    expect(tasks).toEqual({
      enabled: false,
      queryLimit: 50,
      timeoutMs: 30_000,
      intervalMs: 200,
      leaseMs: 3_000,
    });
    expect(configError({ TASK_QUERY_LIMIT: '0' })).toMatch(/TASK_QUERY_LIMIT/);
    expect(configError({ UPDATE_TASK: 'maybe' })).toMatch(/UPDATE_TASK/);
  });
});
