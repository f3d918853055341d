import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectedAvailable } from './support/fixtures.ts';
import { completedVideo, MockVideos, recordedVideo, videoRecording } from './support/mock-video.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { seedChannel, seedToken, seedUser } from './support/relay-seed.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { waitFor } from './support/wait.ts';
import { jsonCaller } from './support/json-call.ts';

const ROOT = 1;
const START = 100_000_000;
const QUEUED = 'create.queued-all-fields.sora-2.doc-reseller-unattributed.json';
const IN_PROGRESS = 'retrieve.in-progress-33.sora-2-pro.doc-openai-guide.json';
const UPSTREAM = {
  sora2: videoRecording<{ id: string }>(QUEUED).id,
  pro: videoRecording<{ id: string }>('create.queued.sora-2-pro.doc-openai-guide.json').id,
  doc: videoRecording<{ id: string }>('create.queued.doc-openapi.json').id,
  remix: videoRecording<{ id: string }>('remix.queued.doc-openapi.json').id,
};

/**
 * Issue #28: OpenAI's Videos API and new-api's /v1/video/generations through an OpenAI channel,
 * called with the official openai client where it has the call: forms and conversions, the
 * task's states over several polls, the content streamed through, and refusals in OpenAI's error
 * shape (the money rules run on every database in every-database/video-money.test.ts).
 */
describe.skipIf(!collectedAvailable)('Videos API', () => {
  let t: TestServer;
  let videos: MockVideos;
  /** A channel that never answers about its task (until the end): the other tasks' polls go on. */
  let silent: MockUpstream;
  let speak = () => {};
  let key: string;
  let client: OpenAI;
  const db = () => t.server.store.db;

  beforeAll(async () => {
    videos = await new MockVideos().start();
    t = await startTestServer({ TASK_POLL_INTERVAL_SECONDS: '0.05', MAX_REQUEST_BODY_MB: '1' });
    await db().updateTable('users').set({ quota: START }).where('id', '=', ROOT).execute();
    await seedChannel(t, {
      type: 1,
      baseUrl: videos.url,
      models: ['sora-2', 'sora-2-pro'],
      key: 'sk-sora-upstream',
    });
    ({ key } = await seedToken(t));
    silent = await new MockUpstream().start();
    const spoken = new Promise<void>((resolve) => (speak = resolve));
    silent.handler('/v1/videos/video_silent', async () => {
      await spoken;
      return { json: {} };
    });
    const silentChannel = await seedChannel(t, { type: 1, baseUrl: silent.url, models: ['sora-2-silent'] });
    await db()
      .insertInto('tasks')
      .values({
        created_at: Math.floor(Date.now() / 1000),
        task_id: 'task_silent',
        platform: '1',
        user_id: 999,
        channel_id: silentChannel,
        status: 'QUEUED',
        submit_time: Math.floor(Date.now() / 1000),
        private_data: JSON.stringify({ upstream_task_id: 'video_silent', model: 'sora-2' }),
      })
      .execute();
    client = new OpenAI({ apiKey: key, baseURL: `${t.url}/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    // Closing does not wait on the silent channel: the poller's questions are cut short.
    await t?.close();
    speak();
    await silent?.stop();
    await videos?.stop();
  });

  const wallet = async () =>
    Number(
      (await db().selectFrom('users').select('quota').where('id', '=', ROOT).executeTakeFirstOrThrow()).quota,
    );
  const taskRow = (taskId: string) =>
    db().selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
  const call = jsonCaller(() => ({ url: t.url, key }));

  it('creates a video from a form with input_reference, and follows it through its states to its content', async () => {
    videos.creates({ json: videoRecording(QUEUED) });
    videos.task(UPSTREAM.sora2, [
      recordedVideo(QUEUED, UPSTREAM.sora2),
      recordedVideo(IN_PROGRESS, UPSTREAM.sora2, { model: 'sora-2' }),
      completedVideo(UPSTREAM.sora2),
    ]);
    const reference = Buffer.from('\x89PNG reference image bytes');
    const created = await client.videos.create({
      model: 'sora-2',
      prompt: 'a tiger at the farm gate',
      seconds: '8',
      size: '1280x720',
      input_reference: await toFile(reference, 'reference.png', { type: 'image/png' }),
    });
    expect(created).toMatchObject({ object: 'video', model: 'sora-2', status: 'queued', seconds: '8' });
    expect(created.id).toMatch(/^task_[A-Za-z0-9]{32}$/);
    expect(JSON.stringify(created)).not.toContain(UPSTREAM.sora2);

    const sent = videos.upstream.requestsTo('/v1/videos')[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-sora-upstream');
    expect(String(sent.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(new Uint8Array(sent.body), {
      headers: { 'content-type': String(sent.headers['content-type']) },
    }).formData();
    expect(form.get('prompt')).toBe('a tiger at the farm gate');
    expect(form.get('seconds')).toBe('8');
    const file = form.get('input_reference') as File;
    expect(file.name).toBe('reference.png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(reference);

    const seen = new Set<string>();
    const done = await waitFor(
      async () => {
        const video = await client.videos.retrieve(created.id);
        seen.add(video.status);
        return video;
      },
      (video) => video.status === 'completed',
      'the video completed',
    );
    expect(videos.polls(UPSTREAM.sora2)).toBeGreaterThanOrEqual(3);
    expect(silent.inFlight).toBe(1); // still waiting on the silent channel meanwhile
    expect([...seen]).toContain('completed');
    expect(done).toMatchObject({ id: created.id, progress: 100, model: 'sora-2' });
    const row = await taskRow(created.id);
    expect(row).toMatchObject({ platform: '1', action: 'generate', status: 'SUCCESS', progress: '100%' });
    expect(row.fail_reason).toContain(`/v1/videos/${created.id}/content`);
    expect(JSON.parse(row.private_data ?? '{}')).toMatchObject({
      upstream_task_id: UPSTREAM.sora2,
      seconds: 8,
    });

    const content = await client.videos.downloadContent(created.id, { variant: 'thumbnail' });
    expect(content.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await content.arrayBuffer()).toString()).toBe(`mp4 bytes of ${UPSTREAM.sora2}`);
    expect(videos.upstream.requestsTo(`/v1/videos/${UPSTREAM.sora2}/content`)[0]!.url).toBe(
      `/v1/videos/${UPSTREAM.sora2}/content?variant=thumbnail`,
    );
  });

  it("serves new-api's /v1/video/generations, converting duration to seconds", async () => {
    videos.creates({ json: videoRecording('create.queued.sora-2-pro.doc-openai-guide.json') });
    videos.task(UPSTREAM.pro, [recordedVideo(IN_PROGRESS, UPSTREAM.pro)]);
    const created = await call('POST', '/v1/video/generations', {
      model: 'sora-2-pro',
      prompt: 'a calm sunrise',
      duration: 8,
      size: '1280x720',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ object: 'video', status: 'queued', model: 'sora-2-pro' });
    expect(created.body.task_id).toBe(created.body.id);
    expect(videos.upstream.requests.at(-1)!.json).toEqual({
      model: 'sora-2-pro',
      prompt: 'a calm sunrise',
      seconds: '8',
      size: '1280x720',
    });
    const fetched = await waitFor(
      () => call('GET', `/v1/video/generations/${String(created.body.id)}`),
      (answer) => answer.body.status === 'in_progress',
      'the task in progress',
    );
    expect(fetched.body).toMatchObject({ id: created.body.id, progress: 33 });
  });

  it('remixes a video on its channel and names the original by our id', async () => {
    videos.creates({ json: recordedVideo('create.queued.doc-openapi.json', UPSTREAM.doc) });
    videos.task(UPSTREAM.doc, [completedVideo(UPSTREAM.doc)]);
    videos.task(UPSTREAM.remix, [recordedVideo('remix.queued.doc-openapi.json', UPSTREAM.remix)]);
    videos.remixes(UPSTREAM.doc, { json: videoRecording('remix.queued.doc-openapi.json') });
    const original = await client.videos.create({ model: 'sora-2', prompt: 'a cat', seconds: '8' });
    const before = await wallet();
    const remix = await client.videos.remix(original.id, { prompt: 'the cat in the rain' });
    expect(remix).toMatchObject({ status: 'queued', remixed_from_video_id: original.id });
    expect(remix.id).not.toBe(original.id);
    expect(videos.upstream.requestsTo(`/v1/videos/${UPSTREAM.doc}/remix`)[0]!.json).toEqual({
      prompt: 'the cat in the rain',
    });
    // Priced as its original: sora-2, 8 seconds at 0.3.
    expect(before - (await wallet())).toBe(0.3 * 500_000 * 8);
    expect((await taskRow(remix.id)).action).toBe('remix');
  });

  it("refuses another user's task as an unknown one, in OpenAI's error shape", async () => {
    videos.creates({ json: videoRecording(QUEUED) });
    const mine = await client.videos.create({ model: 'sora-2', prompt: 'mine', seconds: '8' });
    const other = await seedUser(t, START);
    const { key: otherKey } = await seedToken(t, { userId: other });
    for (const path of [
      `/v1/videos/${mine.id}`,
      `/v1/video/generations/${mine.id}`,
      `/v1/videos/${mine.id}/content`,
    ]) {
      const answer = await call('GET', path, undefined, { authorization: `Bearer ${otherKey}` });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', code: 'task_not_found' });
    }
    const remix = await call(
      'POST',
      `/v1/videos/${mine.id}/remix`,
      { prompt: 'x' },
      { authorization: `Bearer ${otherKey}` },
    );
    expect(remix.status).toBe(404);
  });

  it('polls and fetches a task with the key of a multi-key channel that made it', async () => {
    const accounts = await new MockVideos().start();
    const keys = ['sk-account-one', 'sk-account-two'];
    const ownerOf = (request: { headers: Record<string, unknown> }) =>
      String(request.headers.authorization).replace('Bearer ', '');
    accounts.upstream.handler('/v1/videos', (request) => ({
      json: recordedVideo(QUEUED, `video_of_${ownerOf(request)}`),
    }));
    for (const account of keys) {
      const id = `video_of_${account}`;
      const answer = (request: { headers: Record<string, unknown> }, json: Record<string, unknown>) =>
        ownerOf(request) === account
          ? { json }
          : { status: 404, json: { error: { message: 'No such video' } } };
      accounts.upstream.handler(`/v1/videos/${id}`, (request) => answer(request, completedVideo(id, '8')));
    }
    try {
      const prices = t.server.settings.json<Record<string, number>>('ModelPrice');
      await t.server.settings.set('ModelPrice', JSON.stringify({ ...prices, 'sora-2-accounts': 0.3 }));
      await seedChannel(t, {
        type: 1,
        baseUrl: accounts.url,
        models: ['sora-2-accounts'],
        key: keys.join('\n'),
      });
      const made = await Promise.all(
        [1, 2, 3, 4, 5, 6].map(() =>
          client.videos.create({ model: 'sora-2-accounts', prompt: 'p', seconds: '8' }),
        ),
      );
      for (const video of made) {
        await waitFor(
          () => client.videos.retrieve(video.id),
          (state) => state.status === 'completed',
          `video ${video.id} completed`,
        );
      }
      for (const account of keys) {
        for (const asked of accounts.upstream.requestsTo(`/v1/videos/video_of_${account}`))
          expect(ownerOf(asked)).toBe(account);
      }
      expect(new Set(accounts.upstream.requestsTo('/v1/videos').map(ownerOf)).size).toBeGreaterThanOrEqual(1);
    } finally {
      await accounts.stop();
    }
  });

  it("lists the caller's own videos, newest first, page by page", async () => {
    const mine = await db()
      .selectFrom('tasks')
      .select('task_id')
      .where('user_id', '=', ROOT)
      .orderBy('id', 'desc')
      .execute();
    expect(mine.length).toBeGreaterThanOrEqual(3);
    const first = await client.videos.list({ limit: 2 });
    expect(first.data.map((video) => video.id)).toEqual(mine.slice(0, 2).map((row) => row.task_id));
    expect(first.hasNextPage()).toBe(true);
    const listed: string[] = [];
    for await (const video of client.videos.list({ limit: 2 })) listed.push(video.id);
    expect(listed).toEqual(mine.map((row) => row.task_id));
    expect(listed).not.toContain('task_silent');
    const oldest = await client.videos.list({ limit: 1, order: 'asc' });
    expect(oldest.data[0]!.id).toBe(mine.at(-1)!.task_id);
  });

  it("refuses bad input and an oversized upload in OpenAI's error shape, charging nothing", async () => {
    const before = await wallet();
    const submitted = videos.upstream.requestsTo('/v1/videos').length;
    const noPrompt = await call('POST', '/v1/videos', { model: 'sora-2' });
    expect(noPrompt).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    expect(String((noPrompt.body.error as { message: string }).message)).toContain('prompt');
    const badSeconds = await call('POST', '/v1/videos', { prompt: 'x', seconds: 'eight' });
    expect(badSeconds.status).toBe(400);
    expect((await call('POST', '/v1/videos', '{"prompt": ')).status).toBe(400);
    const { key: limited } = await seedToken(t, { modelLimits: ['sora-2'] });
    const notAllowed = await call(
      'POST',
      '/v1/videos',
      { model: 'sora-2-pro', prompt: 'x' },
      { authorization: `Bearer ${limited}` },
    );
    expect(notAllowed).toMatchObject({ status: 403, body: { error: { code: 'model_not_allowed' } } });

    const form = new FormData();
    form.set('prompt', 'too big');
    form.set(
      'input_reference',
      new Blob([Buffer.alloc(2 * 1024 * 1024, 1)], { type: 'image/png' }),
      'big.png',
    );
    const response = await fetch(`${t.url}/v1/videos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    expect(response.status).toBe(413);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('too large');

    expect(await wallet()).toBe(before);
    expect(videos.upstream.requestsTo('/v1/videos')).toHaveLength(submitted);
  });

  it("passes the upstream's refusal on and charges nothing", async () => {
    videos.creates({
      status: 400,
      json: {
        error: {
          message: 'Your request was blocked by our moderation system.',
          type: 'invalid_request_error',
          code: 'moderation_blocked',
        },
      },
    });
    const before = await wallet();
    const rows = (await db().selectFrom('tasks').select('id').execute()).length;
    const refused = await call('POST', '/v1/videos', { model: 'sora-2', prompt: 'something refused' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'moderation_blocked' });
    expect(String((refused.body.error as { message: string }).message)).toContain('moderation');
    expect(await wallet()).toBe(before);
    expect(await db().selectFrom('tasks').select('id').execute()).toHaveLength(rows);
  });
});
