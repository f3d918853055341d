import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { prepareDatabase } from '../../src/bootstrap.ts';
import { JobScheduler } from '../../src/jobs/scheduler.ts';
import { sessionSweepJob } from '../../src/jobs/session-sweep.ts';
import { openStore, type Store } from '../../src/store/db.ts';
import { insertSession } from '../../src/store/sessions.ts';
import { nowSeconds } from '../../src/store/users.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import { becomes } from '../support/wait.ts';

/** Expired console sessions are deleted in the background; live ones are never touched. */
describe.skipIf(databaseUnavailable())('expired session sweep', () => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ SQL_DSN: database.sqlDsn, SQLITE_PATH: database.sqlitePath || 'unused.db' });
    store = openStore(config);
    await prepareDatabase(store, config);
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  const sessionIds = async () =>
    (await store.db.selectFrom('sessions').select('id').orderBy('id').execute()).map((row) => row.id);

  it('removes only the expired sessions, at start and then on every interval', async () => {
    const now = nowSeconds();
    await insertSession(store.db, 'expired-long-ago', 1, now - 90_000, now - 3600);
    await insertSession(store.db, 'expired-just-now', 1, now - 86_400, now - 1);
    await insertSession(store.db, 'live-for-an-hour', 1, now, now + 3600);
    await insertSession(store.db, 'live-for-a-week', 1, now, now + 7 * 86_400);
    const errors: unknown[] = [];
    const sweep = new JobScheduler({ store, holder: 'test', onError: (_job, error) => errors.push(error) });
    sweep.add(sessionSweepJob(store, 50));
    try {
      await becomes(async () => (await sessionIds()).length <= 2);
      expect(await sessionIds()).toEqual(['live-for-a-week', 'live-for-an-hour']);
      // A session that expires later is removed by a later run, without a restart.
      await insertSession(store.db, 'expired-later', 1, now - 7200, now - 60);
      await becomes(async () => !(await sessionIds()).includes('expired-later'));
      expect(await sessionIds()).toEqual(['live-for-a-week', 'live-for-an-hour']);
    } finally {
      await sweep.stop();
    }
    expect(errors).toEqual([]);
  });
});
