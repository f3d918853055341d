import type { OptionKey } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectedAvailable } from './support/fixtures.ts';
import { MockMidjourney, mjRecording } from './support/mock-midjourney.ts';
import { seedChannel, seedToken } from './support/relay-seed.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

const ROOT = 1;
const START = 1_000_000;
const MJ_SWITCHES: OptionKey[] = ['MjNotifyEnabled', 'MjAccountFilterEnabled', 'MjModeClearEnabled'];
const TASK = mjRecording<{ result: string }>('submit-imagine.code1-success.live-dmxapi.json').result;

/**
 * Issue #28: the Midjourney routes' forms and options, on one store (the money rules run on every
 * database in every-database/midjourney-money.test.ts). The poller is off: rows stay as written.
 */
describe.skipIf(!collectedAvailable)('Midjourney routes', () => {
  let t: TestServer;
  let mj: MockMidjourney;
  let key: string;
  const db = () => t.server.store.db;

  beforeAll(async () => {
    mj = await new MockMidjourney().start();
    t = await startTestServer({ UPDATE_TASK: 'false' });
    await db().updateTable('users').set({ quota: START }).where('id', '=', ROOT).execute();
    await seedChannel(t, { type: 2, baseUrl: mj.url, models: ['mj_imagine', 'mj_upscale', 'mj_modal'] });
    // Nothing listens on port 9 of loopback: the channel cannot be reached.
    await seedChannel(t, { type: 2, baseUrl: 'http://127.0.0.1:9', models: ['mj_describe'] });
    await seedChannel(t, { type: 5, baseUrl: `${mj.url}/garbled`, models: ['mj_blend'] });
    ({ key } = await seedToken(t));
  });
  afterAll(async () => {
    await t?.close();
    await mj?.stop();
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const wallet = async () =>
    Number(
      (await db().selectFrom('users').select('quota').where('id', '=', ROOT).executeTakeFirstOrThrow()).quota,
    );

  it('takes the key from mj-api-secret, drops the mode prefix, and applies the drawing options', async () => {
    for (const option of MJ_SWITCHES) await t.server.settings.set(option, 'true');
    mj.submits('/mj/submit/imagine', { json: mjRecording('submit-imagine.code1-success.live-dmxapi.json') });
    const body = {
      prompt: 'a cat --relax',
      notifyHook: 'https://me.test/hook',
      accountFilter: { modes: ['FAST'] },
    };
    const answer = await call('POST', '/mj-turbo/mj/submit/imagine', body, {
      authorization: 'midjourney-proxy',
      'mj-api-secret': key,
    });
    expect(answer.body).toMatchObject({ code: 1, result: TASK });
    const sent = mj.upstream.requestsTo('/mj/submit/imagine')[0]!;
    expect(sent.json).toEqual({ ...body, prompt: 'a cat ' });
    for (const option of MJ_SWITCHES) await t.server.settings.set(option, 'false');
    // UPDATE_TASK=false: this node never even asks for the poller's lease.
    expect(await db().selectFrom('job_leases').selectAll().execute()).toEqual([]);
  });

  it('lets a follow-up act on an unfinished task only when the success check is off (a modal always)', async () => {
    const before = await wallet();
    const upscale = { taskId: TASK, action: 'UPSCALE', index: 1 };
    expect((await call('POST', '/mj/submit/change', upscale)).body).toMatchObject({
      code: 4,
      description: 'task_status_not_success',
    });
    expect(await wallet()).toBe(before);
    mj.submits('/mj/submit/modal', { json: mjRecording('submit.code1-success.doc-plus.json') });
    expect((await call('POST', '/mj/submit/modal', { taskId: TASK, prompt: 'more' })).body.code).toBe(1);
    await t.server.settings.set('MjActionCheckSuccessEnabled', 'false');
    mj.submits('/mj/submit/change', { json: mjRecording('submit.code1-success.doc-novicezk.json') });
    expect((await call('POST', '/mj/submit/change', upscale)).body.code).toBe(1);
    await t.server.settings.set('MjActionCheckSuccessEnabled', 'true');
  });

  it('forwards the image through the gateway, and asks the task channel for the seed', async () => {
    await t.server.settings.set('ServerAddress', 'https://gateway.example');
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    mj.upstream.reply('/attachments/cat.png', { bytes: [png], headers: { 'content-type': 'image/png' } });
    await db()
      .updateTable('midjourneys')
      .set({ image_url: `${mj.url}/attachments/cat.png`, status: 'IN_PROGRESS', progress: '65%' })
      .where('mj_id', '=', TASK)
      .execute();
    const view = await call('GET', `/mj/task/${TASK}/fetch`);
    expect(String(view.body.imageUrl)).toMatch(
      new RegExp(`^https://gateway.example/mj/image/${TASK}\\?rand=\\d+$`),
    );
    const image = await fetch(`${t.url}/mj/image/${TASK}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect((await call('GET', '/mj/image/no-such-task')).body).toMatchObject({ code: 4 });

    mj.upstream.reply(`/mj/task/${TASK}/image-seed`, { json: mjRecording('image-seed.code1.doc-plus.json') });
    expect((await call('GET', `/mj-fast/mj/task/${TASK}/image-seed`)).body).toMatchObject({
      code: 1,
      result: '636646138',
    });
  });

  it('refunds a submission the upstream never answered or answered with no JSON', async () => {
    const before = await wallet();
    const unreachable = await call('POST', '/mj/submit/describe', { base64: 'data:image/png;base64,AAAA' });
    expect(unreachable).toMatchObject({ status: 502, body: { code: 5, description: 'do_request_failed' } });
    mj.upstream.reply('/garbled/mj/submit/blend', { status: 502, text: '<html>bad gateway</html>' });
    const garbled = await call('POST', '/mj/submit/blend', { base64Array: ['a', 'b'] });
    expect(garbled).toMatchObject({
      status: 502,
      body: { code: 5, description: 'unmarshal_response_body_failed' },
    });
    expect(await wallet()).toBe(before);
    expect(await db().selectFrom('reservations').selectAll().execute()).toEqual([]);
    // A route midjourney-proxy does not have: its shape too.
    expect(await call('POST', '/mj-relax/mj/submit/paint-my-house', {})).toMatchObject({
      status: 404,
      body: { code: 4 },
    });
  });
});
