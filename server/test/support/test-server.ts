import { rmSync } from 'node:fs';
import { inject } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createServer, type RelaygateServer, type ServerOptions } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { newJournalDir } from './journal-dir.ts';

export const databaseUnavailable = (): boolean => inject('databaseUnavailable');

export interface TestServer {
  url: string;
  server: RelaygateServer;
  db: TestDatabase;
  env: Record<string, string>;
  /** Stops the server and starts it again on the same database (and the same env unless overridden). */
  restart(envOverrides?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
}

const BASE_ENV = {
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'test-session-secret-that-is-long-enough',
  // Every test signs in from 127.0.0.1, many times: the sign-in limit has tests of its own.
  CRITICAL_RATE_LIMIT: '100000',
  // …and many more console calls than a person makes: the address limits have tests of their own.
  GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
  GLOBAL_WEB_RATE_LIMIT_ENABLE: 'false',
};

/**
 * A real Relaygate listening on an ephemeral loopback port, on a fresh database of the kind under
 * test, or on `existing` (which close() then drops).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  existing?: TestDatabase,
  options: Pick<ServerOptions, 'clock'> = {},
): Promise<TestServer> {
  const db = existing ?? (await createTestDatabase());
  const state: TestServer = {
    url: '',
    server: undefined as unknown as RelaygateServer,
    db,
    // Each server its own settlement journal, kept across restart() as a restarted process keeps it.
    env: { ...BASE_ENV, SETTLEMENT_JOURNAL_DIR: newJournalDir(), ...env },
    async restart(envOverrides = {}) {
      await state.server.close();
      state.env = { ...state.env, ...envOverrides };
      await boot();
    },
    async close() {
      await state.server.close();
      await db.drop();
      rmSync(state.env.SETTLEMENT_JOURNAL_DIR!, { recursive: true, force: true });
    },
  };
  async function boot() {
    const config = loadConfig({
      ...state.env,
      SQL_DSN: db.sqlDsn,
      SQLITE_PATH: db.sqlitePath || 'unused.db',
    });
    state.server = await createServer(config, options);
    const address = await state.server.app.listen({ port: 0, host: '127.0.0.1' });
    state.url = address;
  }
  await boot();
  return state;
}
