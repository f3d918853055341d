import { LogType } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot } from '../support/console-client.ts';
import { collectedAvailable } from '../support/fixtures.ts';
import { MockMidjourney, mjRecording } from '../support/mock-midjourney.ts';
import { MockSuno, recordedSubmit } from '../support/mock-suno.ts';
import { MockVideos, recordedVideo } from '../support/mock-video.ts';
import { loggedOfType, walletOf } from '../support/money.ts';
import { seedChannel, seedToken, seedUser, setRelayOption } from '../support/relay-seed.ts';
import { submitTask } from '../support/task-faults.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const START = 10_000_000;
/** suno_music's and mj_imagine's default prices, 0.1 USD each. */
const MUSIC = 50_000;
const IMAGINE = 50_000;
const SONG = 'song-on-the-second-channel';
const DRAWING = 'drawing-on-the-second-channel';

/**
 * Issue #28, a submission a channel fails (an upstream 5xx, or no answer at all) moves to another
 * channel of the model, as a chat call does (RetryTimes), and is charged once, on the channel that
 * took it; a refusal of the caller's request (a 4xx) is passed on and never tried elsewhere.
 */
describe.skipIf(databaseUnavailable() || !collectedAvailable)(
  'tasks: another channel after a channel fault',
  () => {
    let t: TestServer;
    const failing = new MockSuno();
    const working = new MockSuno();
    const workingMj = new MockMidjourney();
    const failingVideos = new MockVideos();
    const workingVideos = new MockVideos();
    let silentMjUrl: string;
    const channels = { failing: 0, working: 0, silentMj: 0, workingMj: 0, workingVideos: 0 };
    let key: string;
    let userId: number;
    const db = () => t.server.store.db;

    beforeAll(async () => {
      await Promise.all(
        [failing, working, workingMj, failingVideos, workingVideos].map((mock) => mock.start()),
      );
      const silent = await new MockMidjourney().start();
      silentMjUrl = silent.url;
      await silent.stop();
      t = await startTestServer({ UPDATE_TASK: 'false' });
      await setRelayOption(await signInAsRoot(t.url), 'RetryTimes', '2');
      // The failing ones first: a higher priority.
      const suno = { type: 36, models: ['suno_music'] };
      channels.failing = await seedChannel(t, {
        ...suno,
        baseUrl: failing.url,
        priority: 10,
        name: 'failing',
      });
      channels.working = await seedChannel(t, { ...suno, baseUrl: working.url, name: 'working' });
      const mj = { type: 2, models: ['mj_imagine'] };
      channels.silentMj = await seedChannel(t, { ...mj, baseUrl: silentMjUrl, priority: 10, name: 'silent' });
      channels.workingMj = await seedChannel(t, { ...mj, baseUrl: workingMj.url, name: 'working mj' });
      const sora = { type: 1, models: ['sora-2'] };
      await seedChannel(t, { ...sora, baseUrl: failingVideos.url, priority: 10, name: 'failing videos' });
      channels.workingVideos = await seedChannel(t, { ...sora, baseUrl: workingVideos.url, name: 'videos' });
      userId = await seedUser(t, START);
      ({ key } = await seedToken(t, { userId, unlimited: false, remainQuota: START }));
    });
    afterAll(async () => {
      await t?.close();
      await Promise.all(
        [failing, working, workingMj, failingVideos, workingVideos].map((mock) => mock.stop()),
      );
    });

    const consumed = () => loggedOfType(db(), userId, LogType.Consume);
    const taskRow = (taskId: string) =>
      db().selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
    const noReservations = async () =>
      expect(await db().selectFrom('reservations').selectAll().execute()).toEqual([]);

    it('moves a song the first channel answers 5xx to the second, charged once there', async () => {
      failing.submits('MUSIC', { status: 503, json: { code: 'busy', message: 'overloaded' } });
      working.submits('MUSIC', { json: recordedSubmit('submit-music.success.doc-newapi.json', SONG) });
      const answer = await submitTask(t.url, key, 'suno');
      expect(answer).toMatchObject({ status: 200, body: { code: 'success', data: SONG } });
      expect(failing.upstream.requestsTo('/suno/submit/MUSIC')).toHaveLength(1);
      expect(working.upstream.requestsTo('/suno/submit/MUSIC')).toHaveLength(1);
      expect(await walletOf(db(), userId)).toBe(START - MUSIC);
      expect(await consumed()).toEqual({ quota: MUSIC, rows: 1 });
      expect(Number((await taskRow(SONG)).channel_id)).toBe(channels.working);
      const log = await db()
        .selectFrom('logs')
        .select('channel_id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(Number(log.channel_id)).toBe(channels.working);
      await noReservations();
    });

    it('moves a drawing whose first channel does not answer to the second, charged once there', async () => {
      workingMj.submits('/mj/submit/imagine', {
        json: {
          ...mjRecording<Record<string, unknown>>('submit-imagine.code1-success.live-dmxapi.json'),
          result: DRAWING,
        },
      });
      const answer = await submitTask(t.url, key, 'mj');
      expect(answer).toMatchObject({ status: 200, body: { code: 1, result: DRAWING } });
      const row = await db()
        .selectFrom('midjourneys')
        .selectAll()
        .where('mj_id', '=', DRAWING)
        .executeTakeFirstOrThrow();
      expect({ channel: Number(row.channel_id), quota: Number(row.quota) }).toEqual({
        channel: channels.workingMj,
        quota: IMAGINE,
      });
      expect(await walletOf(db(), userId)).toBe(START - MUSIC - IMAGINE);
      expect(await consumed()).toEqual({ quota: MUSIC + IMAGINE, rows: 2 });
      await noReservations();
    });

    it("passes a refusal of the caller's request on, tried nowhere else, charged nothing", async () => {
      failing.submits('MUSIC', { status: 400, json: { code: 'invalid_prompt', message: 'prompt refused' } });
      const asked = working.upstream.requestsTo('/suno/submit/MUSIC').length;
      const answer = await submitTask(t.url, key, 'suno');
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(/prompt refused/);
      expect(working.upstream.requestsTo('/suno/submit/MUSIC')).toHaveLength(asked);
      expect(await walletOf(db(), userId)).toBe(START - MUSIC - IMAGINE);
      await noReservations();
    });

    it('answers the last channel fault when every channel fails, charged nothing', async () => {
      failing.submits('MUSIC', { status: 502, json: { code: 'bad_gateway', message: 'upstream down' } });
      working.submits('MUSIC', { status: 500, json: { code: 'broken', message: 'it broke' } });
      const answer = await submitTask(t.url, key, 'suno');
      expect(answer.status).toBe(502);
      expect(JSON.stringify(answer.body)).toMatch(/it broke/);
      expect(await walletOf(db(), userId)).toBe(START - MUSIC - IMAGINE);
      expect(await consumed()).toEqual({ quota: MUSIC + IMAGINE, rows: 2 });
      await noReservations();
    });

    it('moves a video the first channel answers 5xx to another of its type, charged once there', async () => {
      const before = await walletOf(db(), userId);
      const rows = (await consumed()).rows;
      failingVideos.creates({
        status: 500,
        json: { error: { message: 'overloaded', type: 'server_error' } },
      });
      workingVideos.creates({
        json: recordedVideo('create.queued-all-fields.sora-2.doc-reseller-unattributed.json', 'video_moved'),
      });
      const answer = await submitTask(t.url, key, 'video');
      expect(answer.status).toBe(200);
      const row = await taskRow(String((answer.body as { id: string }).id));
      expect(Number(row.channel_id)).toBe(channels.workingVideos);
      expect(JSON.parse(row.private_data ?? '{}')).toMatchObject({ upstream_task_id: 'video_moved' });
      expect(failingVideos.upstream.requestsTo('/v1/videos')).toHaveLength(1);
      expect(Number(row.quota)).toBeGreaterThan(0);
      expect(await walletOf(db(), userId)).toBe(before - Number(row.quota));
      expect((await consumed()).rows).toBe(rows + 1);
      await noReservations();
    });
  },
);
