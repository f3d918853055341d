import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectedAvailable } from './support/fixtures.ts';
import { MockSuno, recordedSubmit, sunoRecording } from './support/mock-suno.ts';
import { seedChannel, seedToken, seedUser } from './support/relay-seed.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { jsonCaller } from './support/json-call.ts';

const ROOT = 1;
const START = 1_000_000;
/** suno_music's default price, 0.1 USD, at 500 000 quota per USD and group ratio 1. */
const MUSIC = 50_000;
/** suno_lyrics: 0.01 USD. */
const LYRICS = 5_000;
const SONG = sunoRecording<{ data: string }>('submit-music.success.doc-newapi.json').data;
const LYRIC = sunoRecording<{ data: { task_id: string } }>('fetch-single.lyrics-success.doc-newapi.json').data
  .task_id;

/**
 * Issue #28: the Suno routes' forms, answers and refusals, on one store (the money rules and the
 * polling run on every database in every-database/suno-money.test.ts). The poller is off: rows stay
 * as written.
 */
describe.skipIf(!collectedAvailable)('Suno routes', () => {
  let t: TestServer;
  let suno: MockSuno;
  let other: MockSuno;
  let key: string;
  let tokenId: number;
  let sunoChannel: number;
  const db = () => t.server.store.db;

  beforeAll(async () => {
    suno = await new MockSuno().start();
    other = await new MockSuno().start();
    t = await startTestServer({ UPDATE_TASK: 'false' });
    await db().updateTable('users').set({ quota: START }).where('id', '=', ROOT).execute();
    sunoChannel = await seedChannel(t, {
      type: 36,
      baseUrl: suno.url,
      models: ['suno_music', 'suno_lyrics'],
      key: 'suno-secret',
    });
    ({ key, id: tokenId } = await seedToken(t));
  });
  afterAll(async () => {
    await t?.close();
    await suno?.stop();
    await other?.stop();
  });

  const call = jsonCaller(() => ({ url: t.url, key }));
  const wallet = async () =>
    Number(
      (await db().selectFrom('users').select('quota').where('id', '=', ROOT).executeTakeFirstOrThrow()).quota,
    );
  const task = (taskId: string) =>
    db().selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();

  it("sends a song as new-api does, answers the upstream's answer, and records the task", async () => {
    suno.submits('MUSIC', { json: sunoRecording('submit-music.success.doc-newapi.json') });
    const answer = await call('POST', '/suno/submit/music', {
      gpt_description_prompt: 'miku dance',
      make_instrumental: true,
      notify_hook: 'http://me.test/hook',
    });
    expect(answer).toEqual({ status: 200, body: sunoRecording('submit-music.success.doc-newapi.json') });
    const sent = suno.upstream.requestsTo('/suno/submit/MUSIC')[0]!;
    expect(sent.headers.authorization).toBe('Bearer suno-secret');
    // new-api's request fields only; a song without an mv gets chirp-v3-0.
    expect(sent.json).toEqual({
      gpt_description_prompt: 'miku dance',
      make_instrumental: true,
      mv: 'chirp-v3-0',
    });
    expect(await wallet()).toBe(START - MUSIC);
    const row = await task(SONG);
    expect(row).toMatchObject({
      platform: 'suno',
      action: 'MUSIC',
      status: 'NOT_START',
      progress: '0%',
      user_id: ROOT,
      channel_id: sunoChannel,
      quota: MUSIC,
      group: 'default',
    });
    expect(JSON.parse(row.private_data!)).toEqual({ token_id: tokenId });
  });

  it('needs a prompt for lyrics, and charges lyrics at their own price', async () => {
    const before = await wallet();
    expect(await call('POST', '/suno/submit/lyrics', { title: 'no words' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_request', message: expect.stringContaining('prompt_empty'), data: null },
    });
    expect(suno.upstream.requestsTo('/suno/submit/LYRICS')).toHaveLength(0);
    suno.submits('LYRICS', { json: recordedSubmit('submit-lyrics.success.doc-newapi.json', LYRIC) });
    const answer = await call('POST', '/suno/submit/LYRICS', { prompt: 'electric fantasy' });
    expect(answer.body).toMatchObject({ code: 'success', data: LYRIC });
    expect(suno.upstream.requestsTo('/suno/submit/LYRICS')[0]!.json).toEqual({
      prompt: 'electric fantasy',
      make_instrumental: false,
    });
    expect(await wallet()).toBe(before - LYRICS);
    expect(await task(LYRIC)).toMatchObject({ action: 'LYRICS', quota: LYRICS });
  });

  it("fetches the caller's tasks one or many at a time, never their private data", async () => {
    const one = await call('GET', `/suno/fetch/${SONG}`);
    expect(one).toMatchObject({
      status: 200,
      body: {
        code: 'success',
        message: '',
        data: { task_id: SONG, action: 'MUSIC', status: 'NOT_START', platform: 'suno', data: null },
      },
    });
    expect(JSON.stringify(one.body)).not.toContain('token_id');
    const many = await call('POST', '/suno/fetch', { ids: [SONG, LYRIC, 'nobody-knows', 7], action: '' });
    const found = (many.body.data as Array<{ task_id: string }>).map((row) => row.task_id);
    expect(found.sort()).toEqual([SONG, LYRIC].sort());
    expect((await call('POST', '/suno/fetch', {})).body).toEqual({ code: 'success', message: '', data: [] });
    // Another user's tasks are not there for them, exactly like unknown ids.
    const bob = (await seedToken(t, { userId: await seedUser(t, START) })).key;
    const bobs = { authorization: `Bearer ${bob}` };
    expect(await call('GET', `/suno/fetch/${SONG}`, undefined, bobs)).toMatchObject({
      status: 400,
      body: { code: 'task_not_exist' },
    });
    expect((await call('POST', '/suno/fetch', { ids: [SONG] }, bobs)).body.data).toEqual([]);
  });

  it('sends a continuation to the channel of the task it extends, and only for its own task', async () => {
    // A channel of higher priority for songs: a continuation must still go to its task's channel.
    await seedChannel(t, { type: 36, baseUrl: other.url, models: ['suno_music'], priority: 10 });
    const continuation = { task_id: SONG, continue_clip_id: 'e9893d04', continue_at: 80, prompt: 'more' };
    suno.submits('MUSIC', { json: recordedSubmit('submit-music.success.doc-newapi.json', 'continued-1') });
    expect((await call('POST', '/suno/submit/music', continuation)).body.data).toBe('continued-1');
    expect(suno.upstream.requestsTo('/suno/submit/MUSIC')[1]!.json).toMatchObject(continuation);
    expect(other.upstream.requests).toHaveLength(0);
    const before = await wallet();
    const bob = (await seedToken(t, { userId: await seedUser(t, START) })).key;
    expect(
      await call('POST', '/suno/submit/music', continuation, { authorization: `Bearer ${bob}` }),
    ).toMatchObject({ status: 400, body: { code: 'task_not_exist' } });
    expect(await call('POST', '/suno/submit/music', { continue_clip_id: 'e9893d04' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_request', message: expect.stringContaining('task id is empty') },
    });
    expect(await wallet()).toBe(before);
  });

  it("prices a task at its model's price times the group ratio, and logs both", async () => {
    await t.server.settings.set('GroupRatio', JSON.stringify({ default: 2.5 }));
    suno.submits('LYRICS', { json: recordedSubmit('submit-lyrics.success.doc-newapi.json', 'priced-1') });
    const before = await wallet();
    expect((await call('POST', '/suno/submit/lyrics', { prompt: 'x' })).body.data).toBe('priced-1');
    expect(await wallet()).toBe(before - LYRICS * 2.5);
    const log = await db()
      .selectFrom('logs')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ model_name: 'suno_lyrics', quota: LYRICS * 2.5, token_id: tokenId });
    expect(JSON.parse(log.other!)).toMatchObject({
      model_price: 0.01,
      group_ratio: 2.5,
      task_id: 'priced-1',
    });
    await t.server.settings.set('GroupRatio', JSON.stringify({ default: 1 }));
  });

  it('refunds a submission the upstream refused, answered badly or never answered', async () => {
    const before = await wallet();
    const tasks = (await db().selectFrom('tasks').select('id').execute()).length;
    const refusals: Array<[unknown, number, string]> = [
      [{ status: 503, text: 'upstream overloaded' }, 502, 'fail_to_fetch_task'],
      [{ status: 200, text: '<html>hello</html>' }, 502, 'unmarshal_response_body_failed'],
      [
        { status: 200, json: { code: 'quota_exhausted', message: 'no credits left', data: null } },
        502,
        'quota_exhausted',
      ],
      [
        { status: 200, json: { code: 'success', message: '', data: '' } },
        502,
        'unmarshal_response_body_failed',
      ],
    ];
    for (const [reply, status, code] of refusals) {
      suno.submits('LYRICS', reply as never);
      const answer = await call('POST', '/suno/submit/lyrics', { prompt: 'x' });
      expect(answer, code).toMatchObject({ status, body: { code, data: null } });
    }
    await db()
      .updateTable('channels')
      .set({ base_url: 'http://127.0.0.1:9' })
      .where('id', '=', sunoChannel)
      .execute();
    await t.server.channels.rebuild();
    expect(await call('POST', '/suno/submit/lyrics', { prompt: 'x' })).toMatchObject({
      status: 502,
      body: { code: 'do_request_failed' },
    });
    expect(await wallet()).toBe(before);
    expect(await db().selectFrom('reservations').selectAll().execute()).toEqual([]);
    expect((await db().selectFrom('tasks').select('id').execute()).length).toBe(tasks);
  });

  it("answers bad input in new-api's task shape, in the caller's language, and charges nothing", async () => {
    const before = await wallet();
    const cases: Array<[string, string, unknown, Record<string, string>, number, string, string]> = [
      ['POST', '/suno/submit/video', { prompt: 'x' }, {}, 400, 'invalid_request', 'invalid_action'],
      ['POST', '/suno/submit/music', [1, 2], {}, 400, 'invalid_request', 'JSON object'],
      ['POST', '/suno/submit/music', '{"prompt": "broken', {}, 400, 'invalid_request', ''],
      ['POST', '/suno/submit/music', { prompt: 42 }, {}, 400, 'invalid_request', 'prompt'],
      [
        'POST',
        '/suno/submit/music',
        { make_instrumental: 'yes' },
        {},
        400,
        'invalid_request',
        'true or false',
      ],
      ['POST', '/suno/fetch', { ids: 'abc' }, {}, 400, 'invalid_request', 'ids'],
      ['POST', '/suno/fetch', 'null', {}, 400, 'invalid_request', ''],
      ['GET', '/suno/paint/my/house', undefined, {}, 404, 'not_found', ''],
      [
        'POST',
        '/suno/submit/music',
        { prompt: 'x' },
        { authorization: 'Bearer sk-nope' },
        401,
        'invalid_api_key',
        '',
      ],
      ['POST', '/suno/submit/lyrics', {}, { 'accept-language': 'zh-CN' }, 400, 'invalid_request', '提示词'],
    ];
    for (const [method, path, body, headers, status, code, message] of cases) {
      const answer = await call(method, path, body, headers);
      expect(answer.status, `${method} ${path}`).toBe(status);
      expect(answer.body, `${method} ${path}`).toMatchObject({ code, data: null });
      expect(String(answer.body.message), `${method} ${path}`).toContain(message);
    }
    // A key limited to other models may not submit songs.
    const limited = (await seedToken(t, { modelLimits: ['suno_lyrics'] })).key;
    expect(
      await call('POST', '/suno/submit/music', { prompt: 'x' }, { authorization: `Bearer ${limited}` }),
    ).toMatchObject({ status: 403, body: { code: 'model_not_allowed' } });
    expect(await wallet()).toBe(before);
  });
});
