import { LogType } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failTaskWithRefund } from '../../src/store/task-money.ts';
import { collectedAvailable } from '../support/fixtures.ts';
import { loggedOfType, walletOf } from '../support/money.ts';
import { MockMidjourney, mjRecording, recordedTask } from '../support/mock-midjourney.ts';
import { MockUpstream } from '../support/mock-upstream.ts';
import { seedChannel, seedToken, seedUser } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

const ROOT = 1;
const START = 1_000_000;
/** mj_imagine's default price, 0.1 USD, at 500 000 quota per USD and group ratio 1. */
const IMAGINE = 50_000;
/** mj_upscale: 0.05 USD. */
const UPSCALE = 25_000;

const IDS = {
  drawn: mjRecording<{ result: string }>('submit-imagine.code1-success.live-dmxapi.json').result,
  failed: mjRecording<{ result: string }>('submit.code1-success.doc-novicezk.json').result,
  stuck: mjRecording<{ result: string }>('submit-imagine.code1-success.live-unattributed.json').result,
};

/**
 * Issue #28: Midjourney through midjourney-proxy channels, on every database. A drawing is charged
 * once when the upstream accepts it and goes through its states over several polls; a failed or
 * timed-out one is refunded exactly once; a refused submission and bad input cost nothing; a
 * follow-up goes to the channel holding its task. What the wallet lost always equals its log rows.
 */
describe.skipIf(databaseUnavailable() || !collectedAvailable)('Midjourney: charge, poll, refund', () => {
  let t: TestServer;
  let mj: MockMidjourney;
  let other: MockUpstream;
  /** A channel that never answers its task list (until the end): the other channels' polls go on. */
  let silent: MockUpstream;
  let speak = () => {};
  let key: string;
  let tokenId: number;
  const db = () => t.server.store.db;

  beforeAll(async () => {
    mj = await new MockMidjourney().start();
    other = await new MockUpstream().start();
    silent = await new MockUpstream().start();
    const spoken = new Promise<void>((resolve) => (speak = resolve));
    silent.handler('/mj/task/list-by-condition', async () => {
      await spoken;
      return { json: [] };
    });
    t = await startTestServer({ TASK_POLL_INTERVAL_SECONDS: '0.05', TASK_POLL_LEASE_SECONDS: '5' });
    await db().updateTable('users').set({ quota: START }).where('id', '=', ROOT).execute();
    await seedChannel(t, { type: 2, baseUrl: mj.url, models: ['mj_imagine'], key: 'mj-secret' });
    // A higher-priority channel for upscales: a follow-up must still go to its task's channel.
    await seedChannel(t, { type: 5, baseUrl: other.url, models: ['mj_upscale'], priority: 10 });
    ({ key, id: tokenId } = await seedToken(t, { unlimited: false, remainQuota: START }));
    const silentChannel = await seedChannel(t, { type: 2, baseUrl: silent.url, models: ['mj_shorten'] });
    await db()
      .insertInto('midjourneys')
      .values({
        user_id: 999,
        mj_id: 'silent-1',
        status: 'SUBMITTED',
        submit_time: Date.now(),
        channel_id: silentChannel,
      })
      .execute();
  });
  afterAll(async () => {
    // Closing does not wait on the silent channel: the poller's questions are cut short.
    await t?.close();
    speak();
    await silent?.stop();
    await mj?.stop();
    await other?.stop();
  });

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-api-secret': key, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const fetchTask = async (id: string) =>
    (await (
      await fetch(`${t.url}/mj/task/${id}/fetch`, { headers: { authorization: key } })
    ).json()) as Record<string, unknown>;
  const wallet = () => walletOf(db(), ROOT);
  const logged = (type: number) => loggedOfType(db(), ROOT, type);
  const drawing = (mjId: string) =>
    db().selectFrom('midjourneys').selectAll().where('mj_id', '=', mjId).executeTakeFirstOrThrow();
  const settledStatus = (mjId: string, status: string) =>
    waitFor(
      () => drawing(mjId),
      (row) => row.status === status,
      `drawing ${mjId} ${status}`,
    );

  it('charges an accepted imagine once, and polls it through its states to the image', async () => {
    mj.submits(
      '/mj/submit/imagine',
      { json: mjRecording('submit-imagine.code1-success.live-dmxapi.json') },
      { json: mjRecording('submit.code1-success.doc-novicezk.json') },
      { json: mjRecording('submit-imagine.code1-success.live-unattributed.json') },
      { json: mjRecording('submit.code24-banned-word.doc-novicezk.json') },
    );
    mj.task(
      IDS.drawn,
      recordedTask('task-fetch.in-progress-65.doc-octopusx.json', IDS.drawn),
      recordedTask('task-fetch.success-imagine.live-dmxapi.json', IDS.drawn),
    );
    const answer = await post('/mj/submit/imagine', {
      prompt: 'a cat --fast',
      notifyHook: 'http://x.test/hook',
    });
    expect(answer).toMatchObject({ status: 200, body: { code: 1, result: IDS.drawn } });
    // The drawing options: with their defaults off, no callback address and no account filter go upstream.
    expect(mj.upstream.requestsTo('/mj/submit/imagine')[0]!.json).toEqual({ prompt: 'a cat --fast' });
    expect(mj.upstream.requestsTo('/mj/submit/imagine')[0]!.headers['mj-api-secret']).toBe('mj-secret');
    expect(await wallet()).toBe(START - IMAGINE);
    expect(await logged(LogType.Consume)).toEqual({ quota: IMAGINE, rows: 1 });
    // The dashboard counts it as it counts a call.
    await t.server.quotaData.flush();
    const counted = await db()
      .selectFrom('quota_data')
      .select(['count', 'quota'])
      .where('model_name', '=', 'mj_imagine')
      .execute();
    expect(counted.map((row) => [Number(row.count), Number(row.quota)])).toEqual([[1, IMAGINE]]);

    const done = await settledStatus(IDS.drawn, 'SUCCESS');
    expect(mj.polls).toBeGreaterThanOrEqual(2);
    expect(silent.inFlight).toBe(1); // still waiting on the silent channel meanwhile
    expect(done).toMatchObject({ progress: '100%', quota: IMAGINE, action: 'IMAGINE', code: 1 });
    expect(done.image_url).toContain('https://cdn.gptbest.vip/');
    const view = await fetchTask(IDS.drawn);
    expect(view).toMatchObject({ id: IDS.drawn, status: 'SUCCESS', imageUrl: `/mj/image/${IDS.drawn}` });
    expect(Array.isArray(view.buttons)).toBe(true);
    const listed = await post('/mj/task/list-by-condition', { ids: [IDS.drawn, 'nobody-knows'] });
    expect((listed.body as unknown as Array<{ id: string }>).map((task) => task.id)).toEqual([IDS.drawn]);
  });

  it("sends a follow-up to its task's channel and charges it at its action's price", async () => {
    mj.submits('/mj/submit/action', { json: mjRecording('submit.code1-success.doc-plus.json') });
    const before = await wallet();
    const answer = await post('/mj/submit/action', {
      taskId: IDS.drawn,
      customId: 'MJ::JOB::upsample::1::6dc7beb8-8310-4fd4-b46c-716b422ddffc',
    });
    expect(answer.body.code).toBe(1);
    expect(other.requests).toHaveLength(0);
    expect(await wallet()).toBe(before - UPSCALE);
    const upscale = await drawing(String(answer.body.result));
    expect(upscale).toMatchObject({ action: 'UPSCALE', prompt: 'a cat --fast', quota: UPSCALE });
  });

  it('refunds a failed drawing exactly once, however often its failure is applied', async () => {
    mj.task(
      IDS.failed,
      recordedTask('task-fetch.in-progress-65.doc-octopusx.json', IDS.failed),
      // No recording has a failed task: the in-progress one with its status and reason changed.
      recordedTask('task-fetch.in-progress-65.doc-octopusx.json', IDS.failed, {
        status: 'FAILURE',
        failReason: 'banned prompt detected',
      }),
    );
    const before = await wallet();
    expect((await post('/mj/submit/imagine', { prompt: 'a dog' })).body.code).toBe(1);
    expect(await wallet()).toBe(before - IMAGINE);
    const failed = await settledStatus(IDS.failed, 'FAILURE');
    expect(failed.fail_reason).toBe('banned prompt detected');
    expect(await wallet()).toBe(before);
    expect(await logged(LogType.Refund)).toEqual({ quota: IMAGINE, rows: 1 });
    // Two nodes, or a poll repeated after a crash, applying the same failure: nothing more.
    const again = () =>
      failTaskWithRefund(t.server.store, {
        table: 'midjourneys',
        id: failed.id,
        tokenId,
        update: { fail_reason: 'again' },
        refundLog: () => ({ user_id: ROOT, type: LogType.Refund }),
      });
    expect(await Promise.all([again(), again()])).toEqual([0, 0]);
    expect(await wallet()).toBe(before);
    expect(await logged(LogType.Refund)).toEqual({ quota: IMAGINE, rows: 1 });
  });

  it('leaves a drawing unfinished and the wallet untouched when its refund breaks off, and refunds it once later', async () => {
    const upscale = await db()
      .selectFrom('midjourneys')
      .selectAll()
      .where('action', '=', 'UPSCALE')
      .executeTakeFirstOrThrow();
    const before = await wallet();
    const refunds = await logged(LogType.Refund);
    const failure = (breakOff: boolean) =>
      failTaskWithRefund(t.server.store, {
        table: 'midjourneys',
        id: upscale.id,
        tokenId,
        update: { fail_reason: 'the database went away' },
        refundLog: () => {
          // The transaction breaks off after the status moved and the wallet was credited.
          if (breakOff) throw new Error('connection lost');
          return { user_id: ROOT, type: LogType.Refund, model_name: 'mj_upscale' };
        },
      });
    await expect(failure(true)).rejects.toThrow('connection lost');
    expect((await drawing(upscale.mj_id)).status).toBe('SUBMITTED');
    expect(await wallet()).toBe(before);
    expect(await failure(false)).toBe(UPSCALE);
    expect(await failure(false)).toBe(0);
    expect(await wallet()).toBe(before + UPSCALE);
    expect(await logged(LogType.Refund)).toEqual({ quota: refunds.quota + UPSCALE, rows: refunds.rows + 1 });
  });

  it('fails and refunds a drawing that outlives the task timeout', async () => {
    const before = await wallet();
    expect((await post('/mj/submit/imagine', { prompt: 'a slow bird' })).body.code).toBe(1);
    // The upstream never hears of it again; its submission is moved back past TASK_TIMEOUT_MINUTES.
    await db().updateTable('midjourneys').set({ submit_time: 1 }).where('mj_id', '=', IDS.stuck).execute();
    expect((await settledStatus(IDS.stuck, 'FAILURE')).fail_reason).toBe('task timed out');
    expect(await wallet()).toBe(before);
    expect(await logged(LogType.Refund)).toEqual({ quota: 2 * IMAGINE + UPSCALE, rows: 3 });
  });

  it('charges nothing for a refused submission, and records it failed', async () => {
    const before = await wallet();
    const consumed = await logged(LogType.Consume);
    const answer = await post('/mj/submit/imagine', { prompt: 'nude body' });
    expect(answer.body).toMatchObject({ code: 24, properties: { bannedWord: 'nude' } });
    expect(await wallet()).toBe(before);
    expect(await logged(LogType.Consume)).toEqual(consumed);
    const refused = await db()
      .selectFrom('midjourneys')
      .selectAll()
      .where('code', '=', 24)
      .executeTakeFirstOrThrow();
    expect(refused).toMatchObject({ status: 'FAILURE', quota: 0, fail_reason: '可能包含敏感词' });
  });

  it('answers bad input in midjourney-proxy shape and charges nothing', async () => {
    const bobKey = (await seedToken(t, { userId: await seedUser(t, START) })).key;
    const before = await wallet();
    const consumed = await logged(LogType.Consume);
    const submits = mj.upstream.requests.length;

    const cases: Array<[string, unknown, Record<string, string>, number, string]> = [
      [
        '/mj/submit/change',
        { taskId: IDS.drawn, action: 'EXPLODE', index: 1 },
        {},
        400,
        'unknown_action:EXPLODE',
      ],
      [
        '/mj/submit/action',
        { taskId: IDS.drawn, customId: 'MJ::JOB::explode::1::x' },
        {},
        400,
        'unknown_action',
      ],
      [
        '/mj/submit/action',
        { taskId: IDS.drawn, customId: 'MJ::JOB::upsample::2::x' },
        { 'mj-api-secret': bobKey },
        400,
        'task_not_found',
      ],
      ['/mj/submit/simple-change', { content: `${IDS.failed} U1` }, {}, 400, 'task_status_failure'],
      ['/mj/submit/imagine', { prompt: '' }, {}, 400, 'prompt_is_required'],
      ['/mj/submit/imagine', '{"prompt": "broken', {}, 400, ''],
      [
        '/mj/submit/upload-discord-images',
        { base64Array: ['x'.repeat(33 * 1024 * 1024)] },
        {},
        413,
        'request_body_too_large',
      ],
      ['/mj/submit/imagine', { prompt: 'a cat' }, { 'mj-api-secret': 'sk-not-a-key' }, 401, ''],
    ];
    for (const [path, body, headers, status, description] of cases) {
      const answer = await post(path, body, headers);
      expect(answer.status, `${path} ${description}`).toBe(status);
      expect(answer.body.code, path).toBeTypeOf('number');
      expect(String(answer.body.description), path).toContain(description);
    }
    expect(await wallet()).toBe(before);
    expect(await logged(LogType.Consume)).toEqual(consumed);
    expect(mj.upstream.requests.filter((r) => r.url.startsWith('/mj/submit')).length).toBe(
      mj.upstream.requests.slice(0, submits).filter((r) => r.url.startsWith('/mj/submit')).length,
    );
    const bobFetch = await fetch(`${t.url}/mj/task/${IDS.drawn}/fetch`, {
      headers: { authorization: bobKey },
    });
    expect(await bobFetch.json()).toMatchObject({ code: 4, description: 'task_no_found' });
  });

  it('keeps the wallet equal to its log rows', async () => {
    const consumed = await logged(LogType.Consume);
    const refunded = await logged(LogType.Refund);
    expect(START - (await wallet())).toBe(consumed.quota - refunded.quota);
    const token = await db()
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(START - Number(token.remain_quota)).toBe(consumed.quota - refunded.quota);
  });
});
