import { LogType, type Page, type TaskView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollSunoChannel } from '../../src/relay/suno/poll.ts';
import type { PollContext } from '../../src/relay/tasks/task-poller.ts';
import { UpstreamClient } from '../../src/relay/routing/upstream-client.ts';
import { failTaskWithRefund } from '../../src/store/task-money.ts';
import { signInAsRoot } from '../support/console-client.ts';
import { collectedAvailable } from '../support/fixtures.ts';
import { loggedOfType, walletOf } from '../support/money.ts';
import { MockSuno, recordedSubmit, recordedSunoTask, sunoRecording } from '../support/mock-suno.ts';
import { seedChannel, seedToken, seedUser } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';
import { waitFor } from '../support/wait.ts';

const ROOT = 1;
const START = 1_000_000;
/** suno_music's default price, 0.1 USD, at 500 000 quota per USD and group ratio 1. */
const MUSIC = 50_000;
/** suno_lyrics: 0.01 USD. */
const LYRICS = 5_000;

const SUBMIT_MUSIC = 'submit-music.success.doc-newapi.json';
const SUBMIT_LYRICS = 'submit-lyrics.success.doc-newapi.json';
const IN_PROGRESS = 'fetch-batch.in-progress-streaming.doc-newapi.json';
const SONG_DONE = 'fetch-single.music-success-complete.live-dart_suno.json';
const LYRICS_DONE = 'fetch-single.lyrics-success.doc-newapi.json';

const taskIdOf = (name: string) => {
  const data = sunoRecording<{ data: { task_id: string } | Array<{ task_id: string }> }>(name).data;
  return Array.isArray(data) ? data[0]!.task_id : data.task_id;
};
/** Each submission its own upstream id: the recorded ones, and two more for the cases no recording has. */
const IDS = {
  song: sunoRecording<{ data: string }>(SUBMIT_MUSIC).data,
  lyrics: taskIdOf(LYRICS_DONE),
  failed: taskIdOf(IN_PROGRESS),
  stuck: taskIdOf(SONG_DONE),
  refused: 'refused-by-upstream',
  reasoned: 'failed-with-a-reason',
};

/**
 * Issue #28 item 2: Suno through Suno API channels, on every database. A song or lyrics is charged
 * once when the upstream accepts it and goes through its states over several polls; a failed or
 * timed-out one is refunded exactly once, even when two pollers race; a refused submission and bad
 * input cost nothing. What the wallet and the key lost always equals their log rows.
 */
describe.skipIf(databaseUnavailable() || !collectedAvailable)('Suno: charge, poll, refund', () => {
  let t: TestServer;
  let suno: MockSuno;
  let upstream: UpstreamClient;
  let key: string;
  let tokenId: number;
  let channelId: number;
  const db = () => t.server.store.db;

  beforeAll(async () => {
    suno = await new MockSuno().start();
    upstream = new UpstreamClient({ idleTimeoutSeconds: 30 });
    t = await startTestServer({ TASK_POLL_INTERVAL_SECONDS: '0.05', TASK_POLL_LEASE_SECONDS: '5' });
    await db().updateTable('users').set({ quota: START }).where('id', '=', ROOT).execute();
    channelId = await seedChannel(t, {
      type: 36,
      baseUrl: suno.url,
      models: ['suno_music', 'suno_lyrics'],
      key: 'suno-secret',
    });
    ({ key, id: tokenId } = await seedToken(t, { unlimited: false, remainQuota: START }));
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
    await suno?.stop();
  });

  const submit = async (action: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.url}/suno/submit/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const wallet = () => walletOf(db(), ROOT);
  const logged = (type: number) => loggedOfType(db(), ROOT, type);
  const task = (taskId: string) =>
    db().selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
  const reaches = (taskId: string, status: string) =>
    waitFor(
      () => task(taskId),
      (row) => row.status === status,
      `task ${taskId} ${status}`,
    );

  it('charges a song once at submit, and polls it through its states to its clips', async () => {
    suno.submits('MUSIC', { json: recordedSubmit(SUBMIT_MUSIC, IDS.song) });
    // One state at a time: the mock repeats a task's last state, so each is seen before the next.
    suno.task(IDS.song, recordedSunoTask(IN_PROGRESS, IDS.song, { status: 'SUBMITTED' }));
    const answer = await submit('music', { gpt_description_prompt: 'miku dance' });
    expect(answer).toMatchObject({ status: 200, body: { code: 'success', data: IDS.song } });
    expect(await wallet()).toBe(START - MUSIC);
    expect(await logged(LogType.Consume)).toEqual({ quota: MUSIC, rows: 1 });
    await t.server.quotaData.flush();
    const counted = await db()
      .selectFrom('quota_data')
      .select(['count', 'quota'])
      .where('model_name', '=', 'suno_music')
      .execute();
    expect(counted.map((row) => [Number(row.count), Number(row.quota)])).toEqual([[1, MUSIC]]);

    expect(await reaches(IDS.song, 'SUBMITTED')).toMatchObject({ progress: '0%', finish_time: 0 });
    const poll = suno.upstream.requestsTo('/suno/fetch')[0]!;
    expect(poll.headers.authorization).toBe('Bearer suno-secret');
    expect(poll.json).toEqual({ ids: [IDS.song] });

    suno.task(IDS.song, recordedSunoTask(IN_PROGRESS, IDS.song));
    const playing = await reaches(IDS.song, 'IN_PROGRESS');
    expect(playing).toMatchObject({ start_time: 1716191786, finish_time: 0 });
    expect(JSON.parse(playing.data!)[0]).toMatchObject({
      status: 'streaming',
      title: 'Electric Dance Party',
    });

    suno.task(IDS.song, recordedSunoTask(SONG_DONE, IDS.song));
    const done = await reaches(IDS.song, 'SUCCESS');
    expect(done).toMatchObject({ progress: '100%', finish_time: 1758435862, quota: MUSIC, fail_reason: '' });
    const fetched = (await (
      await fetch(`${t.url}/suno/fetch/${IDS.song}`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { code: string; data: { status: string; data: Array<{ audio_url: string }> } };
    expect(fetched.code).toBe('success');
    expect(fetched.data.status).toBe('SUCCESS');
    expect(fetched.data.data.map((clip) => clip.audio_url)).toEqual([
      'https://cdn1.suno.ai/e1138cfd-f39e-4cc9-96ea-7da60ecc49de.mp3',
      'https://cdn1.suno.ai/9d4ef8aa-7c9a-4fcc-8cc7-67b29b733bd5.mp3',
    ]);
    // Fetching is free.
    expect(await wallet()).toBe(START - MUSIC);
  });

  it('charges lyrics at their price and polls them to their text', async () => {
    suno.submits('LYRICS', { json: recordedSubmit(SUBMIT_LYRICS, IDS.lyrics) });
    suno.task(IDS.lyrics, recordedSunoTask(LYRICS_DONE, IDS.lyrics));
    const before = await wallet();
    expect((await submit('lyrics', { prompt: 'electric fantasy' })).body.data).toBe(IDS.lyrics);
    expect(await wallet()).toBe(before - LYRICS);
    const done = await reaches(IDS.lyrics, 'SUCCESS');
    expect(done).toMatchObject({ action: 'LYRICS', quota: LYRICS, progress: '100%' });
    expect(JSON.parse(done.data!)).toMatchObject({ title: 'Electric Fantasy', status: 'complete' });
  });

  it('refunds a failed song exactly once, though two pollers race on it and the poll repeats', async () => {
    suno.submits('MUSIC', { json: recordedSubmit(SUBMIT_MUSIC, IDS.failed) });
    suno.task(IDS.failed, recordedSunoTask(IN_PROGRESS, IDS.failed));
    const before = await wallet();
    expect((await submit('music', { prompt: 'a dog' })).body.data).toBe(IDS.failed);
    expect(await wallet()).toBe(before - MUSIC);
    const stale = await reaches(IDS.failed, 'IN_PROGRESS');

    // The upstream answers FAILURE (no recording has one: the in-progress task, its status and
    // reason changed) to the gateway's own poller and two more pollers asking at the same time.
    suno.upstream.holdAnswers();
    suno.task(
      IDS.failed,
      recordedSunoTask(IN_PROGRESS, IDS.failed, { status: 'FAILURE', fail_reason: 'content policy' }),
    );
    const asked = suno.polls;
    const context: PollContext = { app: t.server.app, upstream, limit: 100, timedOutBefore: 0 };
    const channel = t.server.channels.get(channelId)!;
    const racers = [1, 2].map(() => pollSunoChannel(context, channel, [stale], new AbortController().signal));
    await waitFor(
      () => suno.polls,
      (n) => n >= asked + 2,
      'both pollers asking',
    );
    suno.upstream.releaseAnswers();
    await Promise.all(racers);
    const failed = await reaches(IDS.failed, 'FAILURE');
    expect(failed).toMatchObject({ fail_reason: 'content policy', progress: '100%' });
    expect(await wallet()).toBe(before);
    expect(await logged(LogType.Refund)).toEqual({ quota: MUSIC, rows: 1 });

    // The poll repeated on what it read before (a node that crashed mid-poll), and the failure
    // applied again straight away: nothing more.
    await pollSunoChannel(context, channel, [stale], new AbortController().signal);
    const again = () =>
      failTaskWithRefund(t.server.store, {
        table: 'tasks',
        id: Number(failed.id),
        tokenId,
        update: { fail_reason: 'again' },
        refundLog: () => ({ user_id: ROOT, type: LogType.Refund }),
      });
    expect(await Promise.all([again(), again()])).toEqual([0, 0]);
    expect(await wallet()).toBe(before);
    expect(await logged(LogType.Refund)).toEqual({ quota: MUSIC, rows: 1 });
    expect((await task(IDS.failed)).fail_reason).toBe('content policy');
  });

  it('fails and refunds a task the upstream gives a failure reason, whatever its status says', async () => {
    suno.submits('LYRICS', { json: recordedSubmit(SUBMIT_LYRICS, IDS.reasoned) });
    // As new-api reads it: a fail reason means the task failed (no recording has one).
    suno.task(IDS.reasoned, recordedSunoTask(IN_PROGRESS, IDS.reasoned, { fail_reason: 'lyrics refused' }));
    const before = await wallet();
    expect((await submit('lyrics', { prompt: 'forbidden words' })).body.data).toBe(IDS.reasoned);
    expect(await wallet()).toBe(before - LYRICS);
    const failed = await reaches(IDS.reasoned, 'FAILURE');
    expect(failed).toMatchObject({ fail_reason: 'lyrics refused', progress: '100%', start_time: 1716191786 });
    expect(Number(failed.finish_time)).toBeGreaterThan(0);
    expect(await wallet()).toBe(before);
    expect(await logged(LogType.Refund)).toEqual({ quota: MUSIC + LYRICS, rows: 2 });
  });

  it('fails and refunds a song that outlives the task timeout', async () => {
    suno.submits('MUSIC', { json: recordedSubmit(SUBMIT_MUSIC, IDS.stuck) });
    suno.task(IDS.stuck, recordedSunoTask(IN_PROGRESS, IDS.stuck));
    const before = await wallet();
    expect((await submit('music', { prompt: 'a slow bird' })).body.data).toBe(IDS.stuck);
    await reaches(IDS.stuck, 'IN_PROGRESS');
    // The upstream never finishes it; its submission is moved back past TASK_TIMEOUT_MINUTES.
    await db().updateTable('tasks').set({ submit_time: 1 }).where('task_id', '=', IDS.stuck).execute();
    expect((await reaches(IDS.stuck, 'FAILURE')).fail_reason).toBe('task timed out');
    expect(await wallet()).toBe(before);
    expect(await logged(LogType.Refund)).toEqual({ quota: 2 * MUSIC + LYRICS, rows: 3 });
  });

  it('charges nothing for a refused submission or bad input, and shows nobody else the tasks', async () => {
    const before = await wallet();
    const consumed = await logged(LogType.Consume);
    const tasks = (await db().selectFrom('tasks').select('id').execute()).length;
    // A refusal in new-api's task error shape (no recording has one).
    suno.submits('MUSIC', {
      status: 200,
      json: { code: 'insufficient_credits', message: 'no credits left', data: IDS.refused },
    });
    expect(await submit('music', { prompt: 'x' })).toMatchObject({
      status: 502,
      body: { code: 'insufficient_credits', message: 'no credits left' },
    });
    const bob = (await seedToken(t, { userId: await seedUser(t, START) })).key;
    const bad: Array<[string, unknown, Record<string, string>, number, string]> = [
      ['symphony', { prompt: 'x' }, {}, 400, 'invalid_request'],
      ['music', '{"prompt": ', {}, 400, 'invalid_request'],
      ['lyrics', { prompt: '' }, {}, 400, 'invalid_request'],
      [
        'music',
        { task_id: IDS.song, continue_clip_id: 'c1' },
        { authorization: `Bearer ${bob}` },
        400,
        'task_not_exist',
      ],
    ];
    for (const [action, body, headers, status, code] of bad)
      expect(await submit(action, body, headers), action).toMatchObject({
        status,
        body: { code, data: null },
      });
    const bobFetch = await fetch(`${t.url}/suno/fetch/${IDS.song}`, {
      headers: { authorization: `Bearer ${bob}` },
    });
    expect(await bobFetch.json()).toMatchObject({ code: 'task_not_exist', data: null });

    expect(await wallet()).toBe(before);
    expect(await logged(LogType.Consume)).toEqual(consumed);
    expect(await db().selectFrom('reservations').selectAll().execute()).toEqual([]);
    expect((await db().selectFrom('tasks').select('id').execute()).length).toBe(tasks);
  });

  it("lists the Suno tasks in the console's task logs, the caller's own and all of them", async () => {
    const root = await signInAsRoot(t.url);
    const own = await root.get<Page<TaskView>>('/api/task/self?paged=true');
    const rows = own.body.data!.items;
    expect(rows.map((row) => row.task_id).sort()).toEqual(
      [IDS.song, IDS.lyrics, IDS.failed, IDS.reasoned, IDS.stuck].sort(),
    );
    expect(rows.find((row) => row.task_id === IDS.failed)).toMatchObject({
      platform: 'suno',
      action: 'MUSIC',
      status: 'FAILURE',
      quota: MUSIC,
    });
    const all = await root.get<TaskView[]>(`/api/task/?p=0&channel_id=${channelId}`);
    expect(all.headers.get('x-total-count')).toBe('5');
    expect(JSON.stringify(all.body)).not.toContain('token_id');
  });

  it('keeps the wallet and the key equal to their log rows', async () => {
    const consumed = await logged(LogType.Consume);
    const refunded = await logged(LogType.Refund);
    expect(consumed).toEqual({ quota: 3 * MUSIC + 2 * LYRICS, rows: 5 });
    expect(START - (await wallet())).toBe(consumed.quota - refunded.quota);
    const token = await db()
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(START - Number(token.remain_quota)).toBe(consumed.quota - refunded.quota);
  });
});
