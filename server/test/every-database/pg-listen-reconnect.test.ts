import type { AdminStatusObject } from '@relaygate/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOption } from '../../src/store/options.ts';
import { ConsoleClient, signInAsRoot } from '../support/console-client.ts';
import { waitFor } from '../support/relay-seed.ts';
import { POSTGRES_ADMIN_URL, testDbKind } from '../support/test-database.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * Without Redis on PostgreSQL the node bus is LISTEN/NOTIFY on one dedicated connection. When the
 * server ends that connection, the node connects again by itself and reloads what it missed.
 */
describe.skipIf(testDbKind() !== 'postgres' || databaseUnavailable())(
  'PostgreSQL LISTEN connection lost (runs in the postgres project)',
  () => {
    let t: TestServer;
    let root: ConsoleClient;

    beforeAll(async () => {
      t = await startTestServer({ SYNC_FREQUENCY: '3600' });
      root = await signInAsRoot(t.url);
    });
    afterAll(async () => {
      await t?.close();
    });

    const sharedState = async () =>
      (await root.get<AdminStatusObject>('/api/status')).body.data!.shared_state;

    it('reconnects by itself and catches up on changes made meanwhile', async () => {
      expect(await sharedState()).toMatchObject({
        bus: 'postgres',
        bus_connected: true,
        redis_configured: false,
      });
      const database = new URL(t.db.sqlDsn).pathname.slice(1);
      await writeOption(t.server.store, 'SystemName', 'changed while not listening');
      // End the listening connection from the server side, as a restart or failover would.
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      try {
        const ended = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
          [database],
        );
        expect(ended.rowCount).toBe(1);
      } finally {
        await admin.end();
      }
      const status = await waitFor(
        async () => (await new ConsoleClient(t.url).get<{ system_name: string }>('/api/status')).body.data!,
        (data) => data.system_name === 'changed while not listening',
        'the reload after LISTEN reconnected',
      );
      expect(status.system_name).toBe('changed while not listening');
      expect(await sharedState()).toMatchObject({ bus: 'postgres', bus_connected: true });
    });
  },
);
