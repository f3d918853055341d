import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import { createTestDatabase, POSTGRES_ADMIN_URL, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';

/** A database restart must not take the gateway down: lost idle connections are dropped, then replaced. */
describe.skipIf(databaseUnavailable() || process.env.TEST_DB !== 'postgres')(
  'PostgreSQL idle connections lost',
  () => {
    let database: TestDatabase;
    let store: Store;
    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      store = openStore({ sqlDsn: database.sqlDsn, sqlitePath: '' });
    });
    afterAll(async () => {
      await store?.close();
      await database?.drop();
    });

    it('survives the server terminating its idle connections, and queries again afterwards', async () => {
      await store.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      const name = new URL(database.sqlDsn).pathname.slice(1);
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = await store.db.selectNoFrom((eb) => eb.val(2).as('two')).execute();
      expect(Number(rows[0]!.two)).toBe(2);
    });
  },
);
