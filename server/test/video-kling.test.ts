import { LogType } from '@relaygate/contract';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectedAvailable } from './support/fixtures.ts';
import { klingRecording, klingState, MockKling } from './support/mock-kling.ts';
import { loggedOfType, walletOf } from './support/money.ts';
import { seedChannel, seedToken } from './support/relay-seed.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { videoCalls } from './support/video-calls.ts';
import { waitFor } from './support/wait.ts';

const ROOT = 1;
const START = 100_000_000;
const TEXT_V1 = 'text2video-create.kling-v1.live-macmini-log.json';
const TEXT_V3 = 'text2video-create.kling-v3.live-macmini-log.json';
const IMAGE = 'image2video-create.submitted.live-payperworkai.json';
const ID = {
  v1: klingRecording<{ data: { task_id: string } }>(TEXT_V1).data.task_id,
  v3: klingRecording<{ data: { task_id: string } }>(TEXT_V3).data.task_id,
  image: klingRecording<{ data: { task_id: string } }>(IMAGE).data.task_id,
};
/** The prices set for the test, USD per second, at 500 000 quota per USD. */
const PER_SECOND = { v1: 50_000, v26: 100_000 };

/**
 * Issue #28: Kling (channel type 50) through its own /kling routes and new-api's
 * /v1/video/generations: the key signed into a JWT, Kling's request and answers (recorded), the
 * task's states over several polls to its video streamed through, a refusal charging nothing and
 * a failure refunded. The money rules shared with Sora run on every database in video-money.test.ts.
 */
describe.skipIf(!collectedAvailable)('Kling', () => {
  let t: TestServer;
  let kling: MockKling;
  let relay: MockKling;
  let key: string;
  const db = () => t.server.store.db;

  beforeAll(async () => {
    kling = await new MockKling().start();
    relay = await new MockKling().start();
    t = await startTestServer({ TASK_POLL_INTERVAL_SECONDS: '0.05' });
    await db().updateTable('users').set({ quota: START }).where('id', '=', ROOT).execute();
    const prices = t.server.settings.json<Record<string, number>>('ModelPrice');
    await t.server.settings.set(
      'ModelPrice',
      JSON.stringify({ ...prices, 'kling-v1': 0.1, 'kling-v2-6': 0.2 }),
    );
    await seedChannel(t, {
      type: 50,
      baseUrl: kling.url,
      models: ['kling-v1'],
      key: 'ak-test-access|sk-test-secret',
    });
    // Another gateway's Kling routes, reached with its sk- key.
    await seedChannel(t, { type: 50, baseUrl: relay.url, models: ['kling-v2-6'], key: 'sk-other-gateway' });
    ({ key } = await seedToken(t));
  });
  afterAll(async () => {
    await t?.close();
    await kling?.stop();
    await relay?.stop();
  });

  const call = videoCalls(
    () => t,
    () => key,
  );
  const wallet = () => walletOf(db(), ROOT);

  it('signs the key into a JWT, sends Kling its request, and follows the task to its video', async () => {
    kling.submits('/v1/videos/text2video', { json: klingRecording(TEXT_V1) });
    kling.task(
      '/v1/videos/text2video',
      ID.v1,
      klingState(TEXT_V1, 'processing'),
      klingState(TEXT_V1, 'succeed', {
        task_result: { videos: [{ id: 'v', url: kling.resultUrl(ID.v1), duration: '5.1' }] },
      }),
    );
    const before = await wallet();
    const request = klingRecording('text2video-create.kling-v1.live-macmini-log.request.json');
    const created = await call('POST', '/kling/v1/videos/text2video', request);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      object: 'video',
      status: 'queued',
      model: 'kling-v1',
      seconds: '5',
    });
    expect(String(created.body.id)).toMatch(/^task_/);
    expect(before - (await wallet())).toBe(PER_SECOND.v1 * 5);

    const sent = kling.upstream.requestsTo('/v1/videos/text2video')[0]!;
    expect(sent.json).toMatchObject({
      ...request,
      model_name: 'kling-v1',
      model: 'kling-v1',
      cfg_scale: 0.5,
    });
    const token = String(sent.headers.authorization).replace(/^Bearer /, '');
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode('sk-test-secret'));
    expect(protectedHeader).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload.iss).toBe('ak-test-access');
    expect(payload.exp! - payload.nbf!).toBe(1805);

    const done = await waitFor(
      () => call('GET', `/kling/v1/videos/text2video/${String(created.body.id)}`),
      (answer) => answer.body.status === 'completed',
      'the Kling video completed',
    );
    expect(done.body).toMatchObject({ progress: 100, metadata: { url: kling.resultUrl(ID.v1) } });
    const row = await db()
      .selectFrom('tasks')
      .selectAll()
      .where('task_id', '=', String(created.body.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      platform: '50',
      action: 'textGenerate',
      status: 'SUCCESS',
      fail_reason: kling.resultUrl(ID.v1),
    });
    // 5.1 seconds rounds to the 5 charged: nothing more to settle.
    expect(before - (await wallet())).toBe(PER_SECOND.v1 * 5);
    const content = await fetch(`${t.url}/v1/videos/${String(created.body.id)}/content`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(content.headers.get('content-type')).toBe('video/mp4');
    expect(await content.text()).toBe(`kling video ${ID.v1}`);
  });

  it('animates an image through image2video, asked on its own path', async () => {
    kling.submits('/v1/videos/image2video', { json: klingRecording(IMAGE) });
    kling.task('/v1/videos/image2video', ID.image, klingState(IMAGE, 'processing'));
    const created = await call('POST', '/kling/v1/videos/image2video', {
      model_name: 'kling-v1',
      image: 'https://example.com/cat.png',
      prompt: 'the cat blinks',
      duration: '10',
    });
    expect(created.status).toBe(200);
    expect(kling.upstream.requestsTo('/v1/videos/image2video')[0]!.json).toMatchObject({
      image: 'https://example.com/cat.png',
      duration: '10',
    });
    await waitFor(
      () => call('GET', `/kling/v1/videos/image2video/${String(created.body.id)}`),
      (answer) => answer.body.status === 'in_progress',
      'the image2video task in progress',
    );
    const remix = await call('POST', `/v1/videos/${String(created.body.id)}/remix`, { prompt: 'again' });
    expect(remix).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    const row = await db()
      .selectFrom('tasks')
      .select('action')
      .where('task_id', '=', String(created.body.id))
      .executeTakeFirstOrThrow();
    expect(row.action).toBe('generate');
  });

  it("serves /v1/video/generations for a Kling model, through another gateway's /kling routes", async () => {
    relay.submits('/kling/v1/videos/text2video', { json: klingRecording(TEXT_V3) });
    relay.task('/kling/v1/videos/text2video', ID.v3, klingState(TEXT_V3, 'submitted'));
    const before = await wallet();
    const created = await call('POST', '/v1/video/generations', {
      model: 'kling-v2-6',
      prompt: 'a calm woman smiles',
      duration: 10,
      size: '720x1280',
    });
    expect(created.status).toBe(200);
    expect(before - (await wallet())).toBe(PER_SECOND.v26 * 10);
    const sent = relay.upstream.requestsTo('/kling/v1/videos/text2video')[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-other-gateway');
    expect(sent.json).toMatchObject({
      model_name: 'kling-v2-6',
      duration: '10',
      aspect_ratio: '9:16',
      mode: 'std',
    });
    const fetched = await call('GET', `/v1/video/generations/${String(created.body.id)}`);
    expect(fetched.body).toMatchObject({ id: created.body.id, status: 'queued', model: 'kling-v2-6' });
  });

  it('charges nothing for a refusal, and refunds a failed task once', async () => {
    kling.submits(
      '/v1/videos/text2video',
      { json: { code: 1201, message: 'invalid model_name', request_id: 'r' } },
      { json: klingState(TEXT_V1, 'submitted', { task_id: 'failing' }) },
    );
    kling.task(
      '/v1/videos/text2video',
      'failing',
      klingState(TEXT_V1, 'failed', { task_status_msg: 'risk control' }),
    );
    const before = await wallet();
    const refused = await call('POST', '/kling/v1/videos/text2video', {
      model_name: 'kling-v1',
      prompt: 'x',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ message: expect.stringContaining('invalid model_name') });
    expect(await wallet()).toBe(before);

    const refunds = await loggedOfType(db(), ROOT, LogType.Refund);
    const created = await call('POST', '/kling/v1/videos/text2video', {
      model_name: 'kling-v1',
      prompt: 'y',
    });
    expect(await wallet()).toBe(before - PER_SECOND.v1 * 5);
    const failed = await waitFor(
      () => call('GET', `/kling/v1/videos/text2video/${String(created.body.id)}`),
      (answer) => answer.body.status === 'failed',
      'the Kling task failed',
    );
    expect(failed.body.error).toMatchObject({ message: 'risk control' });
    expect(await wallet()).toBe(before);
    expect(await loggedOfType(db(), ROOT, LogType.Refund)).toEqual({
      quota: refunds.quota + PER_SECOND.v1 * 5,
      rows: refunds.rows + 1,
    });
  });
});
