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
