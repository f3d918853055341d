import { LogType } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throwawayServiceAccount } from '../src/relay/providers/vertex/vertex-account.test-support.ts';
import { collected, collectedAvailable, fixtureJson } from './support/fixtures.ts';
import { loggedOfType, walletOf } from './support/money.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { seedChannel, seedToken } from './support/relay-seed.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { videoCalls } from './support/video-calls.ts';
import { waitFor } from './support/wait.ts';

const ROOT = 1;
const START = 100_000_000;
const PROJECT = 'relaygate-test';
/** The prices set for the test, USD per second, at 500 000 quota per USD: Veo 3 makes 8 seconds. */
const PER_SECOND = 200_000;
const vertexRecording = (name: string) => fixtureJson(collected(`vertex-veo/${name}`));
const OPERATION = String(vertexRecording('predictLongRunning.operation.doc-gcloud.json').name);
const vertexPath = (action: string) =>
  `/v1/projects/${PROJECT}/locations/us-central1/publishers/google/models/veo-2.0-generate-001:${action}`;

/**
 * Issue #28: Veo through /v1/video/generations on Gemini channels (predictLongRunning, the
 * operation fetched until done, the video fetched with the channel's key; no recording of
 * Gemini's operations exists, so its mock speaks the protocol) and on Vertex AI channels (the
 * recorded predictLongRunning and fetchPredictOperation, with the service account's token).
 */
describe.skipIf(!collectedAvailable)('Veo', () => {
  let t: TestServer;
  let gemini: MockUpstream;
  let vertex: MockUpstream;
  let key: string;
  const db = () => t.server.store.db;

  beforeAll(async () => {
    gemini = await new MockUpstream().start();
    vertex = await new MockUpstream().start();
    t = await startTestServer({ TASK_POLL_INTERVAL_SECONDS: '0.05' });
    await db().updateTable('users').set({ quota: START }).where('id', '=', ROOT).execute();
    const prices = t.server.settings.json<Record<string, number>>('ModelPrice');
    await t.server.settings.set(
      'ModelPrice',
      JSON.stringify({
        ...prices,
        'veo-3.0-generate-001': 0.4,
        'veo-2.0-generate-001': 0.4,
        'veo-broken': 0.4,
      }),
    );
    await seedChannel(t, {
      type: 24,
      baseUrl: gemini.url,
      models: ['veo-3.0-generate-001', 'veo-broken'],
      key: 'AIza-gemini-key',
    });
    vertex.reply('/token', { json: { access_token: 'ya29.issued', expires_in: 3599, token_type: 'Bearer' } });
    await seedChannel(t, {
      type: 41,
      baseUrl: vertex.url,
      models: ['veo-2.0-generate-001'],
      key: throwawayServiceAccount(`${vertex.url}/token`, PROJECT).keyJson,
      other: 'us-central1',
    });
    ({ key } = await seedToken(t));
  });
  afterAll(async () => {
    await t?.close();
    await gemini?.stop();
    await vertex?.stop();
  });

  const call = videoCalls(
    () => t,
    () => key,
  );
  const wallet = () => walletOf(db(), ROOT);

  it('makes a video through Gemini: the operation followed until done, the video fetched with the key', async () => {
    const name = 'models/veo-3.0-generate-001/operations/op-gemini-1';
    gemini.reply('/v1beta/models/veo-3.0-generate-001:predictLongRunning', { json: { name } });
    gemini.reply(
      `/v1beta/${name}`,
      { json: { name, done: false } },
      {
        json: {
          name,
          done: true,
          response: {
            generateVideoResponse: {
              generatedSamples: [{ video: { uri: `${gemini.url}/v1beta/files/vid-1:download?alt=media` } }],
            },
          },
        },
      },
    );
    gemini.reply('/v1beta/files/vid-1:download', {
      bytes: [Buffer.from('veo video bytes')],
      headers: { 'content-type': 'video/mp4' },
    });
    const before = await wallet();
    const created = await call('POST', '/v1/video/generations', {
      model: 'veo-3.0-generate-001',
      prompt: 'a lighthouse at dawn',
      size: '1280x720',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ object: 'video', status: 'queued', seconds: '8' });
    expect(before - (await wallet())).toBe(PER_SECOND * 8);
    const sent = gemini.requestsTo('/v1beta/models/veo-3.0-generate-001:predictLongRunning')[0]!;
    expect(sent.headers['x-goog-api-key']).toBe('AIza-gemini-key');
    expect(sent.json).toEqual({
      instances: [{ prompt: 'a lighthouse at dawn' }],
      parameters: { aspectRatio: '16:9', durationSeconds: 8 },
    });

    await waitFor(
      () => call('GET', `/v1/video/generations/${String(created.body.id)}`),
      (answer) => answer.body.status === 'completed',
      'the Veo video completed',
    );
    expect(gemini.requestsTo(`/v1beta/${name}`).length).toBeGreaterThanOrEqual(2);
    const content = await fetch(`${t.url}/v1/videos/${String(created.body.id)}/content`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await content.text()).toBe('veo video bytes');
    expect(gemini.requestsTo('/v1beta/files/vid-1:download')[0]!.headers['x-goog-api-key']).toBe(
      'AIza-gemini-key',
    );
  });

  it('refunds a Gemini operation that ends in an error', async () => {
    const name = 'models/veo-broken/operations/op-gemini-2';
    gemini.reply('/v1beta/models/veo-broken:predictLongRunning', { json: { name } });
    gemini.reply(`/v1beta/${name}`, {
      json: { name, done: true, error: { code: 3, message: 'prompt blocked' } },
    });
    const before = await wallet();
    const refunds = await loggedOfType(db(), ROOT, LogType.Refund);
    const created = await call('POST', '/v1/video/generations', { model: 'veo-broken', prompt: 'x' });
    expect(created.status).toBe(200);
    const failed = await waitFor(
      () => call('GET', `/v1/video/generations/${String(created.body.id)}`),
      (answer) => answer.body.status === 'failed',
      'the Veo task failed',
    );
    expect(failed.body.error).toMatchObject({ message: 'prompt blocked' });
    expect(await wallet()).toBe(before);
    expect(await loggedOfType(db(), ROOT, LogType.Refund)).toEqual({
      quota: refunds.quota + PER_SECOND * 8,
      rows: refunds.rows + 1,
    });
  });

  it('makes a video through Vertex AI with the recorded operation, and names its bucket', async () => {
    vertex.reply(vertexPath('predictLongRunning'), {
      json: vertexRecording('predictLongRunning.operation.doc-gcloud.json'),
    });
    vertex.reply(vertexPath('fetchPredictOperation'), {
      json: vertexRecording('fetchPredictOperation.done-gcsuri.doc-gcloud.json'),
    });
    const created = await call('POST', '/v1/video/generations', {
      model: 'veo-2.0-generate-001',
      prompt: 'waves',
      duration: 5,
      metadata: { storageUri: 'gs://BUCKET_NAME/' },
    });
    expect(created.status).toBe(200);
    const sent = vertex.requestsTo(vertexPath('predictLongRunning'))[0]!;
    expect(sent.headers.authorization).toBe('Bearer ya29.issued');
    expect(sent.json).toEqual({
      instances: [{ prompt: 'waves' }],
      parameters: { storageUri: 'gs://BUCKET_NAME/', durationSeconds: 5 },
    });
    const done = await waitFor(
      () => call('GET', `/v1/video/generations/${String(created.body.id)}`),
      (answer) => answer.body.status === 'completed',
      'the Vertex video completed',
    );
    expect(done.body.metadata).toEqual({ url: 'gs://BUCKET_NAME/TIMESTAMPED_FOLDER/sample_0.mp4' });
    const asked = vertex.requestsTo(vertexPath('fetchPredictOperation'))[0]!;
    expect(asked.json).toEqual({ operationName: OPERATION });
    const content = await call('GET', `/v1/videos/${String(created.body.id)}/content`);
    expect(content.status).toBe(400);
    expect(String((content.body.error as { message: string }).message)).toContain('gs://BUCKET_NAME/');
  });
});
