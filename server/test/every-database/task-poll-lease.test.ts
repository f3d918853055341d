import type { BackgroundJobs } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertReturningId } from '../../src/store/insert.ts';
import { openStore, type Store } from '../../src/store/db.ts';
import { migrateToLatest } from '../../src/store/migrate.ts';
import { TASK_POLL_JOB } from '../../src/relay/tasks/task-poller.ts';
import { signInAsRoot } from '../support/console-client.ts';
import { collectedAvailable } from '../support/fixtures.ts';
import { MockMidjourney, mjRecording, recordedTask } from '../support/mock-midjourney.ts';
import { MockSuno, recordedSunoTask } from '../support/mock-suno.ts';
import { insertTokenRow } from '../support/relay-seed.ts';
import { spawnGateway, type SpawnedGateway } from '../support/spawn-gateway.ts';
import { createTestDatabase, testDbKind, type TestDatabase } from '../support/test-database.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

const TASK = '1712158011464906';
const SONG = 'ac0d560a-22cd-4dd0-b16e-8238208457d7';
const START = 1_000_000;
/** mj_imagine's default price, 0.1 USD. */
const IMAGINE = 50_000;

/**
 * Issue #28: two gateway processes on one PostgreSQL poll unfinished tasks through one lease:
 * one node holds it while it lives, and when it is killed (kill -9) the other takes the job over
 * and refunds the submission the dead one had in flight. What the holder learns of a song is what
 * either node answers for it.
 */
describe.skipIf(databaseUnavailable() || testDbKind() !== 'postgres' || !collectedAvailable)(
  'the task poller on two nodes',
  () => {
    let db: TestDatabase;
    let store: Store;
    let mj: MockMidjourney;
    let suno: MockSuno;
    const gateways: SpawnedGateway[] = [];

    beforeAll(async () => {
      mj = await new MockMidjourney().start();
      suno = await new MockSuno().start();
      db = await createTestDatabase('postgres');
      store = openStore({ sqlDsn: db.sqlDsn, sqlitePath: db.sqlitePath });
      await migrateToLatest(store);
      const channelId = await insertReturningId(store, 'channels', {
        type: 2,
        key: 'mj-secret',
        name: 'mj',
        base_url: mj.url,
        models: 'mj_imagine',
        group: 'default',
        status: 1,
      });
      await insertReturningId(store, 'midjourneys', {
        user_id: 1,
        action: 'IMAGINE',
        mj_id: TASK,
        status: 'SUBMITTED',
        progress: '0%',
        submit_time: Date.now(),
        channel_id: channelId,
      });
      mj.task(TASK, recordedTask('task-fetch.in-progress-65.doc-octopusx.json', TASK));
      const sunoChannel = await insertReturningId(store, 'channels', {
        type: 36,
        key: 'suno-secret',
        name: 'suno',
        base_url: suno.url,
        models: 'suno_music',
        group: 'default',
        status: 1,
      });
      await insertReturningId(store, 'tasks', {
        created_at: Math.floor(Date.now() / 1000),
        task_id: SONG,
        platform: 'suno',
        user_id: 1,
        action: 'MUSIC',
        status: 'NOT_START',
        progress: '0%',
        submit_time: Math.floor(Date.now() / 1000),
        channel_id: sunoChannel,
      });
      suno.task(SONG, recordedSunoTask('fetch-single.music-success-complete.live-dart_suno.json', SONG));
      const env = {
        WORKERS: '1',
        TASK_POLL_INTERVAL_SECONDS: '0.1',
        TASK_POLL_LEASE_SECONDS: '1',
        RESERVATION_LEASE_SECONDS: '1',
      };
      gateways.push(...(await Promise.all([spawnGateway(db, env), spawnGateway(db, env)])));
    }, 60_000);

    afterAll(async () => {
      for (const gateway of gateways) await gateway.stop();
      await store?.close();
      await db?.drop();
      await mj?.stop();
      await suno?.stop();
    });

    const holder = async () =>
      (
        await store.db
          .selectFrom('job_leases')
          .select('holder')
          .where('name', '=', TASK_POLL_JOB)
          .executeTakeFirst()
      )?.holder ?? '';
    const drawing = () =>
      store.db.selectFrom('midjourneys').selectAll().where('mj_id', '=', TASK).executeTakeFirstOrThrow();
    const reservations = async () =>
      (await store.db.selectFrom('reservations').select('id').execute()).length;
    const wallet = async () =>
      Number(
        (await store.db.selectFrom('users').select('quota').where('id', '=', 1).executeTakeFirstOrThrow())
          .quota,
      );
    /** The process's name in leases, as its root console tells it. */
    const nodeOf = async (gateway: SpawnedGateway) => {
      const root = await signInAsRoot(gateway.url);
      return (await root.get<BackgroundJobs>('/api/jobs')).body.data!.node;
    };

    it('polls on the node holding the lease, and on the other once the holder is killed', async () => {
      await waitFor(drawing, (row) => row.progress === '65%', 'the first poll applied');
      const first = await holder();
      // One after the other: the first sign-in replaces root's default password.
      const nodes = [await nodeOf(gateways[0]!), await nodeOf(gateways[1]!)];
      const held = gateways[nodes.indexOf(first)]!;
      const other = gateways.find((gateway) => gateway !== held)!;
      const otherNode = await nodeOf(other);
      expect(held).toBeDefined();
      // The song the holder polled to its end, as both nodes answer it.
      const { key: sunoKey } = await insertTokenRow(store);
      const song = async (gateway: SpawnedGateway) =>
        (await (
          await fetch(`${gateway.url}/suno/fetch/${SONG}`, {
            headers: { authorization: `Bearer ${sunoKey}` },
          })
        ).json()) as { data: { status: string; progress: string } };
      await waitFor(
        () => song(other),
        (answer) => answer.data.status === 'SUCCESS',
        'the song finished, seen from the other node',
      );
      expect((await song(held)).data).toMatchObject({ status: 'SUCCESS', progress: '100%' });
      // While it lives, the holder keeps the job: polls go on and the lease stays where it is.
      const polls = mj.polls;
      await waitFor(
        () => mj.polls,
        (n) => n >= polls + 5,
        'five more polls',
      );
      expect(await holder()).toBe(first);

      // A submission in flight on the holder when it is killed: its reservation is refunded by the
      // survivor once the dead node's lease runs out; nothing is charged, no task recorded.
      await store.db.updateTable('users').set({ quota: START }).where('id', '=', 1).execute();
      const { key } = await insertTokenRow(store);
      let answer = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      mj.upstream.handler('/mj/submit/imagine', async () => {
        await answered;
        return { json: mjRecording('submit-imagine.code1-success.live-dmxapi.json') };
      });
      void fetch(`${held.url}/mj/submit/imagine`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'mj-api-secret': key },
        body: JSON.stringify({ prompt: 'a cat' }),
      }).catch(() => {});
      await waitFor(reservations, (n) => n === 1, 'the submission reserved');
      expect(await wallet()).toBe(START - IMAGINE);

      await held.killHard();
      answer();
      mj.task(TASK, recordedTask('task-fetch.success-imagine.live-dmxapi.json', TASK));
      const done = await waitFor(
        drawing,
        (row) => row.status === 'SUCCESS',
        'the drawing finished by the other node',
      );
      expect(done.progress).toBe('100%');
      expect(await holder()).toBe(otherNode);
      await waitFor(reservations, (n) => n === 0, "the dead node's reservation refunded");
      expect(await wallet()).toBe(START);
      expect(await store.db.selectFrom('logs').select('id').where('type', '=', 2).execute()).toEqual([]);
      const recorded = await store.db.selectFrom('midjourneys').select('mj_id').execute();
      expect(recorded.map((row) => row.mj_id)).toEqual([TASK]);
    });
  },
);
