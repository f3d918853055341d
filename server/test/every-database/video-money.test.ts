import { LogType } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PollContext } from '../../src/relay/tasks/task-poller.ts';
import { UpstreamClient } from '../../src/relay/routing/upstream-client.ts';
import { videoPlatform } from '../../src/relay/video/video-poll.ts';
import { failTaskWithRefund } from '../../src/store/task-money.ts';
import { collectedAvailable } from '../support/fixtures.ts';
import { completedVideo, failedVideo, MockVideos, recordedVideo } from '../support/mock-video.ts';
import { loggedOfType } from '../support/money.ts';
import { seedChannel, seedToken } from '../support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const ROOT = 1;
const START = 100_000_000;
const QUEUED = 'create.queued-all-fields.sora-2.doc-reseller-unattributed.json';
const IN_PROGRESS = 'retrieve.in-progress-33.sora-2-pro.doc-openai-guide.json';
/** 500 000 quota per USD; sora-2 0.3 and sora-2-pro 0.5 USD per second (the default prices), group ratio 1. */
const PER_SECOND = { sora2: 150_000, pro: 250_000 };

/**
 * Issue #28: the money of a video on every database. Charged once at submit at its price per
 * second × seconds × size ratio; refunded exactly once when it fails (even when two polls race) or
 * times out; a refusal charges nothing; a final duration other than the charged one settles its
 * difference once. Polls are run by the test (the poller is off), so two can race on purpose.
 */
describe.skipIf(databaseUnavailable() || !collectedAvailable)('Videos: charge, poll, refund', () => {
  let t: TestServer;
  let videos: MockVideos;
  let key: string;
  let tokenId: number;
  let upstream: UpstreamClient;
  /** Two nodes' pollers (the lease keeps them apart in production; here they race on purpose). */
  const platforms = [videoPlatform(), videoPlatform()];
  const db = () => t.server.store.db;

  beforeAll(async () => {
    videos = await new MockVideos().start();
    t = await startTestServer({ UPDATE_TASK: 'false' });
    upstream = new UpstreamClient({ idleTimeoutSeconds: 30 });
    await db().updateTable('users').set({ quota: START }).where('id', '=', ROOT).execute();
    await seedChannel(t, { type: 1, baseUrl: videos.url, models: ['sora-2', 'sora-2-pro'] });
    ({ key, id: tokenId } = await seedToken(t, { unlimited: false, remainQuota: START }));
  });
  afterAll(async () => {
    await Promise.all(platforms.map((platform) => platform.stop()));
    await upstream?.close();
    await t?.close();
    await videos?.stop();
  });

  const context = (timedOutBefore = 0): PollContext => ({
    app: t.server.app,
    upstream,
    limit: 1000,
    timedOutBefore,
  });
  /** Two polls at once, as two nodes or a poll repeated after a crash would run them, and their answers applied. */
  const racingPolls = async (polled = context()) => {
    await Promise.all(platforms.map((platform) => platform.poll(polled)));
    await Promise.all(platforms.map((platform) => platform.idle()));
  };
  const submit = async (body: Record<string, unknown>) => {
    const response = await fetch(`${t.url}/v1/videos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const wallet = async () => {
    const user = await db()
      .selectFrom('users')
      .select('quota')
      .where('id', '=', ROOT)
      .executeTakeFirstOrThrow();
    const token = await db()
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    return { user: Number(user.quota), token: Number(token.remain_quota) };
  };
  const logged = (type: number) => loggedOfType(db(), ROOT, type);
  const task = (taskId: unknown) =>
    db().selectFrom('tasks').selectAll().where('task_id', '=', String(taskId)).executeTakeFirstOrThrow();
  /** What the wallet lost equals what its log rows say. */
  const expectLogsMatchWallet = async () => {
    const lost = START - (await wallet()).user;
    const consumed = await logged(LogType.Consume);
    const refunded = await logged(LogType.Refund);
    expect(lost).toBe(consumed.quota - refunded.quota);
    expect(START - (await wallet()).token).toBe(lost);
  };

  it('charges an accepted video once at submit, at price per second × seconds × size ratio', async () => {
    videos.creates({
      json: recordedVideo(QUEUED, 'video_large', { model: 'sora-2-pro', size: '1792x1024' }),
    });
    videos.task('video_large', [recordedVideo(IN_PROGRESS, 'video_large')]);
    const created = await submit({
      model: 'sora-2-pro',
      prompt: 'a wide shot',
      seconds: '8',
      size: '1792x1024',
    });
    expect(created.status).toBe(200);
    const charge = Math.round(PER_SECOND.pro * 1.666667 * 8);
    expect(await wallet()).toEqual({ user: START - charge, token: START - charge });
    expect(await logged(LogType.Consume)).toEqual({ quota: charge, rows: 1 });
    const row = await task(created.body.id);
    expect(Number(row.quota)).toBe(charge);
    expect(JSON.parse(row.private_data ?? '{}')).toMatchObject({ token_id: tokenId, seconds: 8 });
    await racingPolls();
    expect((await task(created.body.id)).status).toBe('IN_PROGRESS');
    await expectLogsMatchWallet();
  });

  it('refunds a failed video exactly once when two polls race to apply its failure', async () => {
    videos.creates({ json: recordedVideo(QUEUED, 'video_failing') });
    videos.task('video_failing', [failedVideo('video_failing', 'blocked by moderation')]);
    const before = await wallet();
    const created = await submit({ model: 'sora-2', prompt: 'something', seconds: '8' });
    expect((await wallet()).user).toBe(before.user - PER_SECOND.sora2 * 8);
    await racingPolls();
    const failed = await task(created.body.id);
    expect(failed).toMatchObject({ status: 'FAILURE', fail_reason: 'blocked by moderation' });
    expect(await wallet()).toEqual(before);
    expect(await logged(LogType.Refund)).toEqual({ quota: PER_SECOND.sora2 * 8, rows: 1 });
    const again = () =>
      failTaskWithRefund(t.server.store, {
        table: 'tasks',
        id: failed.id,
        tokenId,
        update: { fail_reason: 'again' },
        refundLog: () => ({ user_id: ROOT, type: LogType.Refund }),
      });
    expect(await Promise.all([again(), again()])).toEqual([0, 0]);
    expect(await wallet()).toEqual(before);
    const view = await fetch(`${t.url}/v1/videos/${String(created.body.id)}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await view.json()).toMatchObject({
      status: 'failed',
      error: { message: 'blocked by moderation' },
    });
    await expectLogsMatchWallet();
  });

  it('refunds a video the upstream says failed already in its answer to the submission', async () => {
    const failure = failedVideo('video_dead_on_arrival', 'input image rejected');
    videos.creates({ json: failure });
    videos.task('video_dead_on_arrival', [failure]);
    const before = await wallet();
    const created = await submit({ model: 'sora-2', prompt: 'with a bad image', seconds: '8' });
    expect(created.status).toBe(200);
    expect(await task(created.body.id)).toMatchObject({ status: 'SUBMITTED', quota: PER_SECOND.sora2 * 8 });
    await racingPolls();
    expect(await task(created.body.id)).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'input image rejected',
    });
    expect(await wallet()).toEqual(before);
    await expectLogsMatchWallet();
  });

  it('charges nothing for a refused submission', async () => {
    videos.creates({
      status: 400,
      json: { error: { message: 'Invalid size', type: 'invalid_request_error' } },
    });
    const before = await wallet();
    const consumed = await logged(LogType.Consume);
    const rows = (await db().selectFrom('tasks').select('id').execute()).length;
    expect((await submit({ model: 'sora-2', prompt: 'x', size: '1x1' })).status).toBe(400);
    expect(await wallet()).toEqual(before);
    expect(await logged(LogType.Consume)).toEqual(consumed);
    expect(await db().selectFrom('tasks').select('id').execute()).toHaveLength(rows);
  });

  it('settles a different final duration once, more or less, however many polls apply it', async () => {
    videos.creates(
      { json: recordedVideo(QUEUED, 'video_longer', { seconds: '4' }) },
      { json: recordedVideo(QUEUED, 'video_shorter', { seconds: '12' }) },
    );
    videos.task('video_longer', [completedVideo('video_longer', '8')]);
    videos.task('video_shorter', [completedVideo('video_shorter', '8')]);
    const before = await wallet();
    const longer = await submit({ model: 'sora-2', prompt: 'default duration' });
    const shorter = await submit({ model: 'sora-2', prompt: 'twelve seconds', seconds: '12' });
    expect((await wallet()).user).toBe(before.user - PER_SECOND.sora2 * (4 + 12));
    const consumed = await logged(LogType.Consume);
    const refunded = await logged(LogType.Refund);
    await racingPolls();
    await racingPolls();
    expect(await task(longer.body.id)).toMatchObject({ status: 'SUCCESS', quota: PER_SECOND.sora2 * 8 });
    expect(await task(shorter.body.id)).toMatchObject({ status: 'SUCCESS', quota: PER_SECOND.sora2 * 8 });
    // Both came out at 8 seconds: 4 more charged for one, 4 given back for the other, once each.
    expect((await wallet()).user).toBe(before.user - PER_SECOND.sora2 * 16);
    expect(await logged(LogType.Consume)).toEqual({
      quota: consumed.quota + PER_SECOND.sora2 * 4,
      rows: consumed.rows + 1,
    });
    expect(await logged(LogType.Refund)).toEqual({
      quota: refunded.quota + PER_SECOND.sora2 * 4,
      rows: refunded.rows + 1,
    });
    await expectLogsMatchWallet();
  });

  it('refunds a task past TASK_TIMEOUT_MINUTES once, without asking its upstream', async () => {
    videos.creates({ json: recordedVideo(QUEUED, 'video_stuck') });
    videos.task('video_stuck', [recordedVideo(IN_PROGRESS, 'video_stuck')]);
    const created = await submit({ model: 'sora-2', prompt: 'stuck', seconds: '8' });
    const before = await wallet();
    const refunded = await logged(LogType.Refund);
    const asked = videos.polls('video_stuck');
    // Every unfinished task counts as timed out for these polls.
    const late = context(Date.now() + 60_000);
    await racingPolls(late);
    expect(await task(created.body.id)).toMatchObject({ status: 'FAILURE', fail_reason: 'task timed out' });
    expect(videos.polls('video_stuck')).toBe(asked);
    const stuckCharge = PER_SECOND.sora2 * 8;
    const largeCharge = Math.round(PER_SECOND.pro * 1.666667 * 8);
    // The first test's video, still in progress, timed out with it.
    expect((await wallet()).user).toBe(before.user + stuckCharge + largeCharge);
    expect(await logged(LogType.Refund)).toEqual({
      quota: refunded.quota + stuckCharge + largeCharge,
      rows: refunded.rows + 2,
    });
    await expectLogsMatchWallet();
  });
});
