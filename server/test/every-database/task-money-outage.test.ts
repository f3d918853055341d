import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/db.ts';
import { ConsoleClient } from '../support/console-client.ts';
import { collectedAvailable } from '../support/fixtures.ts';
import { seedTaskAccount } from '../support/task-cluster.ts';
import { spawnGateway, type SpawnedGateway } from '../support/spawn-gateway.ts';
import {
  addTaskChannels,
  expectTaskMoney,
  heldReservations,
  submitTask,
  TaskPlatforms,
  unfinishedCount,
  type TaskAccount,
  type TaskKind,
} from '../support/task-faults.ts';
import { TcpProxy } from '../support/tcp-proxy.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

const ACCESS_TOKEN = 'taskoutagetoken0123456789abcdefg';
const WALLET = 100_000_000;
const KINDS: TaskKind[] = ['suno', 'mj', 'video'];

/**
 * Issue #28 item 4, a database outage (a TCP proxy between the gateway and PostgreSQL or MariaDB
 * cut on purpose): a submission while the database is away is refused with a clear 503 in its
 * platform's shape, and nothing is sent upstream; a submission the upstream accepts just as the
 * database goes away is answered, kept on disk, and charged once the database is back (by the
 * running process, or by its restart after a kill -9); a poll whose answers come while the
 * database is away applies them once it is back. Every wallet and key loses what its rows say,
 * every task is charged once, and refunded once if it failed.
 */
describe.skipIf(databaseUnavailable() || testDbKind() === 'sqlite' || !collectedAvailable)(
  'tasks: a database outage during submits and polls',
  () => {
    let db: TestDatabase;
    let store: Store;
    let proxy: TcpProxy;
    let platforms: TaskPlatforms;
    let gateway: SpawnedGateway;
    let account: TaskAccount;
    const env = {
      WORKERS: '1',
      INITIAL_ROOT_ACCESS_TOKEN: ACCESS_TOKEN,
      SYNC_FREQUENCY: '3600',
      SQL_QUERY_TIMEOUT: '2',
      TASK_POLL_INTERVAL_SECONDS: '0.1',
      TASK_POLL_LEASE_SECONDS: '1',
      RESERVATION_LEASE_SECONDS: '1',
      LOG_LEVEL: 'error',
    };
    const start = (journalDir?: string) =>
      spawnGateway(
        { ...db, sqlDsn: proxy.rewrite(db.sqlDsn) },
        journalDir ? { ...env, SETTLEMENT_JOURNAL_DIR: journalDir } : env,
      );

    beforeAll(async () => {
      platforms = await new TaskPlatforms().start();
      db = await createTestDatabase();
      proxy = await TcpProxy.before(db.sqlDsn);
      gateway = await start();
      const root = new ConsoleClient(gateway.url);
      root.bearer = ACCESS_TOKEN;
      root.userId = 1;
      await addTaskChannels(root, platforms);
      store = openStore({ sqlDsn: db.sqlDsn, sqlitePath: '' });
      account = await seedTaskAccount(store, WALLET);
    }, 90_000);
    afterAll(async () => {
      proxy?.restore();
      await gateway?.stop();
      await proxy?.close();
      await store?.close();
      await db?.drop();
      await platforms?.stop();
    });

    const submitAll = () => Promise.all(KINDS.map((kind) => submitTask(gateway.url, account.key, kind)));
    const statuses = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status);
    const recorded = async () =>
      (await store.db.selectFrom('tasks').select('id').where('user_id', '=', account.userId).execute())
        .length +
      (await store.db.selectFrom('midjourneys').select('id').where('user_id', '=', account.userId).execute())
        .length;
    /** The database is back, and the gateway has seen it (its probe): a task lookup is answered again. */
    async function restore() {
      proxy.restore();
      await waitFor(
        async () =>
          (
            await fetch(`${gateway.url}/suno/fetch/none`, {
              headers: { authorization: `Bearer ${account.key}` },
            })
          ).status,
        (status) => status !== 503,
        'the gateway serving again',
      );
    }
    /** Submissions the upstreams accept while the database goes away: each answered, and kept. */
    async function acceptedAsTheDatabaseGoes() {
      platforms.hold();
      const seen = platforms.submissions;
      const answers = submitAll();
      await waitFor(
        () => platforms.submissions,
        (n) => n === seen + KINDS.length,
        'the submissions upstream',
      );
      proxy.cut();
      platforms.release();
      expect(statuses(await answers)).toEqual([200, 200, 200]);
    }

    it('refuses submits clearly while the database is away, sending nothing upstream', async () => {
      expect(statuses(await submitAll())).toEqual([200, 200, 200]);
      const seen = platforms.submissions;
      proxy.cut();
      try {
        const answers = await submitAll();
        expect(statuses(answers)).toEqual([503, 503, 503]);
        for (const answer of answers) expect(JSON.stringify(answer.body)).toMatch(/database/i);
        expect(platforms.submissions).toBe(seen);
      } finally {
        await restore();
      }
    }, 90_000);

    it('charges a submission accepted as the database goes away once it is back', async () => {
      await acceptedAsTheDatabaseGoes();
      expect(await recorded()).toBe(KINDS.length);
      await restore();
      await waitFor(recorded, (n) => n === 2 * KINDS.length, 'the kept submissions recorded');
    }, 90_000);

    it('charges it at the restart when the process is killed before the database is back', async () => {
      await acceptedAsTheDatabaseGoes();
      await gateway.killHard();
      proxy.restore();
      gateway = await start(gateway.journalDir);
      await restore();
      await waitFor(recorded, (n) => n === 3 * KINDS.length, 'the kept submissions recorded at the restart');
    }, 90_000);

    it('applies what a poll heard while the database was away once it is back, each once', async () => {
      platforms.hold();
      platforms.endAll();
      await waitFor(
        () => [platforms.suno, platforms.mj, platforms.videos].map((mock) => mock.upstream.inFlight),
        (waiting) => waiting.every((n) => n > 0),
        'polls waiting on every platform',
      );
      proxy.cut();
      platforms.release();
      await waitFor(
        () => platforms.inFlight,
        (n) => n === 0,
        'the polls answered',
      );
      await restore();
      const users = [account.userId];
      await waitFor(
        async () => ({
          open: await unfinishedCount(store.db, users),
          held: await heldReservations(store.db, users),
        }),
        ({ open, held }) => open === 0 && held === 0,
        'every task ended and every reservation ended',
        30_000,
      );
      await expectTaskMoney(store.db, [account], 3 * KINDS.length);
    }, 90_000);
  },
);
