import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { ensureRootUser } from '../../src/bootstrap.ts';
import { openStore, type Store } from '../../src/store/db.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';
import { ConsoleClient } from '../support/console-client.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable, startTestServer } from '../support/test-server.ts';

const TABLES = [
  'users',
  'tokens',
  'channels',
  'abilities',
  'logs',
  'log_outbox',
  'options',
  'verification_codes',
  'reservations',
  'redemptions',
  'midjourneys',
  'tasks',
  'quota_data',
  'node_leases',
  'job_leases',
  'top_ups',
  'setups',
  'sessions',
];

describe.skipIf(databaseUnavailable())('migrations and first start', () => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = openStore({ sqlDsn: database.sqlDsn, sqlitePath: database.sqlitePath });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('creates every table once, and a second run changes nothing', async () => {
    expect(await migrateToLatest(store)).toEqual([
      '001-initial',
      '002-reservations',
      '003-verification-codes',
      '004-quota-data-key',
      '005-channel-address-trust',
      '006-mail-reset-tokens',
      '007-limits',
      '008-node-leases',
      '009-channel-test-outcome',
      '010-job-leases',
      '011-job-runs',
      '012-log-outbox',
      '013-reserve-routines',
      '014-reserve-per-wallet',
      '015-fewer-write-indexes',
    ]);
    expect(await migrateToLatest(store)).toEqual([]);
    const tables = (await store.db.introspection.getTables()).map((table) => table.name);
    for (const table of TABLES) expect(tables).toContain(table);
    const users = (await store.db.introspection.getTables()).find((table) => table.name === 'users')!;
    const columns = users.columns.map((c) => c.name);
    for (const column of [
      'username',
      'password',
      'access_token',
      'quota',
      'used_quota',
      'group',
      'aff_code',
      'deleted_at',
    ]) {
      expect(columns).toContain(column);
    }
  });

  it('keeps the indexes the queries use and none a call pays for in vain', async () => {
    const logs = await indexNames(store, 'logs');
    expect(logs).toContain('idx_logs_model_name_username');
    expect(logs).toContain('idx_logs_user_id_created_at_id');
    for (const dropped of ['idx_logs_model_name', 'idx_logs_user_id_id', 'idx_logs_token_id'])
      expect(logs).not.toContain(dropped);
    const reservations = await indexNames(store, 'reservations');
    expect(reservations).toContain('idx_reservations_node_id');
    expect(reservations).not.toContain('idx_reservations_user_id');
    expect(reservations).not.toContain('idx_reservations_token_id');
  });

  it('creates root only on the first start, with the initial access token and API token', async () => {
    const config = loadConfig({
      SESSION_SECRET: 's',
      INITIAL_ROOT_ACCESS_TOKEN: 'rootaccesstoken0123456789abcdef',
      INITIAL_ROOT_TOKEN: 'sk-initialroottokenABCDEF0123456789',
    });
    expect(await ensureRootUser(store, config)).toBe(true);
    expect(await ensureRootUser(store, config)).toBe(false);
    const users = await store.db.selectFrom('users').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      username: 'root',
      role: 100,
      access_token: 'rootaccesstoken0123456789abcdef',
    });
    expect(users[0]!.password).toMatch(/^\$2[aby]\$10\$/);
    const tokens = await store.db.selectFrom('tokens').selectAll().execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({
      user_id: users[0]!.id,
      key: 'initialroottokenABCDEF0123456789',
      expired_time: -1,
    });
  });
});

/** The names of a table's indexes, as its engine lists them. */
async function indexNames(store: Store, table: string): Promise<string[]> {
  const query =
    store.dialect === 'sqlite'
      ? sql<{ name: string }>`select name from pragma_index_list(${table})`
      : store.dialect === 'postgres'
        ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`
        : sql<{ name: string }>`select distinct index_name as name from information_schema.statistics
            where table_schema = database() and table_name = ${table}`;
  return (await query.execute(store.db)).rows.map((row) => row.name);
}

describe.skipIf(databaseUnavailable())('INITIAL_ROOT_ACCESS_TOKEN through the server', () => {
  it('lets a script use the console API with the configured token from the first start', async () => {
    const t = await startTestServer({ INITIAL_ROOT_ACCESS_TOKEN: 'scripttoken0123456789abcdefABCDE' });
    try {
      const api = new ConsoleClient(t.url);
      api.bearer = 'scripttoken0123456789abcdefABCDE';
      api.userId = 1;
      const options = await api.get<Array<{ key: string }>>('/api/option/');
      expect(options.body.success).toBe(true);
      expect(options.body.data!.length).toBeGreaterThan(50);
    } finally {
      await t.close();
    }
  });
});
