import { LogType } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_JOB } from '../../src/jobs/retention.ts';
import { releaseJobLease, takeJobLease } from '../../src/store/job-leases.ts';
import { writeOption } from '../../src/store/options.ts';
import { signInAsRoot } from '../support/console-client.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { CHAT_ANSWER } from '../support/spawned-relay.ts';
import { consumeLogs, relayPost, seedChannel, seedToken, waitFor } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const OLD = now - 10 * DAY;
const RECENT = now - DAY;
/** Calls made while the retention runs: their rows are new and must all stay. */
const CALLS = 8;

/**
 * Issue #30 item 3: rows past their retention age go, in batches, while calls go on; everything
 * else (recent rows, top-ups, unfinished tasks) stays, and each call's log row is kept.
 */
describe.skipIf(databaseUnavailable())('retention of logs, dashboard data and tasks', () => {
  let t: TestServer;
  let mock: MockUpstream;
  let key: string;

  const rows = <T>(count: number, make: (i: number) => T): T[] =>
    Array.from({ length: count }, (_, i) => make(i));

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    mock.reply('/v1/chat/completions', { json: CHAT_ANSWER });
    // Batches of 3: every table needs several rounds.
    t = await startTestServer({ RETENTION_BATCH_SIZE: '3' });
    await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4o-mini'] });
    key = (await seedToken(t)).key;
    const { db } = t.server.store;
    const log = (type: number, created_at: number) => ({ user_id: 1, type, created_at, content: 'seeded' });
    await db
      .insertInto('logs')
      .values([
        ...rows(7, () => log(LogType.Consume, OLD)),
        ...rows(4, () => log(LogType.Error, OLD)),
        ...rows(2, () => log(LogType.TopUp, OLD)),
        ...rows(3, () => log(LogType.Consume, RECENT)),
      ])
      .execute();
    const data = (created_at: number, i: number) => ({
      user_id: 1,
      model_name: `m${i}`,
      created_at,
      count: 1,
    });
    await db
      .insertInto('quota_data')
      .values([...rows(5, (i) => data(OLD, i)), ...rows(2, (i) => data(RECENT, i + 5))])
      .execute();
    const task = (created_at: number, status: string, i: number) => ({
      user_id: 1,
      created_at,
      submit_time: created_at,
      status,
      task_id: `task-${created_at}-${status}-${i}`,
    });
    await db
      .insertInto('tasks')
      .values([
        ...rows(4, (i) => task(OLD, 'SUCCESS', i)),
        ...rows(1, (i) => task(OLD, 'FAILURE', i)),
        ...rows(2, (i) => task(OLD, 'IN_PROGRESS', i)),
        ...rows(2, (i) => task(RECENT, 'SUCCESS', i)),
      ])
      .execute();
    const drawing = (submitted: number, status: string, i: number) => ({
      user_id: 1,
      submit_time: submitted * 1000,
      status,
      mj_id: `mj-${submitted}-${status}-${i}`,
    });
    await db
      .insertInto('midjourneys')
      .values([
        ...rows(3, (i) => drawing(OLD, 'SUCCESS', i)),
        ...rows(1, (i) => drawing(OLD, 'SUBMITTED', i)),
        ...rows(1, (i) => drawing(RECENT, 'FAILURE', i)),
      ])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  async function counts() {
    const { db } = t.server.store;
    const count = async (query: { execute(): Promise<unknown[]> }) => (await query.execute()).length;
    return {
      oldConsumeOrError: await count(
        db
          .selectFrom('logs')
          .select('id')
          .where('type', 'in', [LogType.Consume, LogType.Error])
          .where('created_at', '<', now - 5 * DAY),
      ),
      topUps: await count(db.selectFrom('logs').select('id').where('type', '=', LogType.TopUp)),
      quotaData: await count(db.selectFrom('quota_data').select('id')),
      tasks: (await db.selectFrom('tasks').select('status').orderBy('status').execute()).map((r) => r.status),
      drawings: (await db.selectFrom('midjourneys').select('status').orderBy('status').execute()).map(
        (r) => r.status,
      ),
    };
  }

  it('waits while another node holds the job, and deletes nothing while the ages are 0', async () => {
    expect(await t.server.retention.runOnce()).toBeUndefined();
    await writeOption(t.server.store, 'LogRetentionDays', '5');
    await writeOption(t.server.store, 'QuotaDataRetentionDays', '5');
    await writeOption(t.server.store, 'TaskRetentionDays', '5');
    await t.server.settings.reload();
    const { store } = t.server;
    expect(await takeJobLease(store, RETENTION_JOB, 'another-node', now, now + 600)).toBe(true);
    expect(await t.server.retention.runOnce()).toBeUndefined();
    expect((await counts()).oldConsumeOrError).toBe(11);
    await releaseJobLease(store, RETENTION_JOB, 'another-node');
  });

  it('deletes exactly the rows past their age while calls go on', async () => {
    const calls = Array.from({ length: CALLS }, () =>
      relayPost(t, key, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    );
    const [report, ...answers] = await Promise.all([t.server.retention.runOnce(), ...calls]);
    expect(answers.map((a) => a.status)).toEqual(Array(CALLS).fill(200));
    expect(report).toEqual({ logs: 11, quotaData: 5, tasks: 5, midjourneys: 3 });
    expect(await counts()).toEqual({
      oldConsumeOrError: 0,
      topUps: 2,
      quotaData: 2,
      tasks: ['IN_PROGRESS', 'IN_PROGRESS', 'SUCCESS', 'SUCCESS'],
      drawings: ['FAILURE', 'SUBMITTED'],
    });
    // Every call's row is there, beside the three recent seeded ones.
    await waitFor(
      () => consumeLogs(t),
      (logs) => logs.length === 3 + CALLS,
      'the recent rows and one row per call',
    );
    // A second run finds nothing more.
    expect(await t.server.retention.runOnce()).toEqual({ logs: 0, quotaData: 0, tasks: 0, midjourneys: 0 });
  });

  it('leaves the console\'s "delete logs before" working, with its count', async () => {
    const root = await signInAsRoot(t.url);
    const answer = await root.delete(`/api/log/?target_timestamp=${now - 5 * DAY}`);
    // Only the two old top-ups were left before that time.
    expect(answer.body).toEqual({ success: true, message: '', data: 2 });
  });
});
