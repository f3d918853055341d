import { describe, expect, it } from 'vitest';
import { completed, contentOf, expectRefusalThenRefund, useVendorCase } from './support/video-vendor-case.ts';

const MODEL = 'MiniMax-Hailuo-02';
/** Hailuo at 0.1 USD a second, at 500 000 quota per USD. */
const PER_SECOND = 50_000;
const QUERY = '/v1/query/video_generation';
const RETRIEVE = '/v1/files/retrieve';

/**
 * MiniMax's answers with the fields its API reference gives them (no recording of MiniMax's video
 * API is kept): the task's id and base_resp for a new task
 * (https://platform.minimaxi.com/docs/api-reference/video-generation-intro); task_id, status
 * (Preparing, Queueing, Processing, Success, Fail), file_id, video_width, video_height and
 * base_resp for a task (…/video-generation-query); and the file, as the example of
 * …/video-generation-download, its download_url pointing at the mock.
 */
const OK = { status_code: 0, status_msg: 'success' };
const created = (taskId: string) => ({ task_id: taskId, base_resp: OK });
const queried = (taskId: string, status: string, changes: Record<string, unknown> = {}) => ({
  task_id: taskId,
  status,
  base_resp: OK,
  ...changes,
});
const retrieved = (fileId: string, url: string) => ({
  file: {
    file_id: fileId,
    bytes: 0,
    created_at: 1700469398,
    filename: 'output_aigc.mp4',
    purpose: 'video_generation',
    download_url: url,
  },
  base_resp: OK,
});

/**
 * Issue #28: MiniMax's Hailuo videos through a MiniMax channel (type 35), as new-api serves them:
 * the request (duration, resolution of the size, metadata), the task over several polls to its file
 * and that file's address, the video streamed through, a refusal charging nothing, a failure
 * refunded once.
 */
describe('Hailuo', () => {
  const vendor = useVendorCase({ [MODEL]: 0.1 }, [{ type: 35, models: [MODEL], key: 'minimax-test-key' }]);

  it('sends the video request, follows the task to its file, and streams the file', async () => {
    const {
      c,
      mocks: [minimax],
    } = vendor;
    minimax.submits('/v1/video_generation', { json: created('106916112212032') });
    minimax.polls(
      QUERY,
      '106916112212032',
      queried('106916112212032', 'Queueing'),
      queried('106916112212032', 'Processing'),
      queried('106916112212032', 'Success', {
        file_id: '205258526306433',
        video_width: 1920,
        video_height: 1080,
      }),
    );
    minimax.submits(RETRIEVE, { json: retrieved('205258526306433', minimax.resultUrl('106916112212032')) });
    const before = await c.wallet();
    const answer = await c.call('POST', '/v1/video/generations', {
      model: MODEL,
      prompt: 'a little pig runs happily along the highway',
      duration: 10,
      size: '1920x1080',
      metadata: { prompt_optimizer: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'queued', model: MODEL, seconds: '10' });
    expect(before - (await c.wallet())).toBe(PER_SECOND * 10);
    const sent = minimax.upstream.requestsTo('/v1/video_generation')[0]!;
    expect(sent.headers.authorization).toBe('Bearer minimax-test-key');
    expect(sent.json).toEqual({
      model: MODEL,
      prompt: 'a little pig runs happily along the highway',
      duration: 10,
      resolution: '1080P',
      prompt_optimizer: false,
    });

    const done = await completed(c, answer.body.id);
    expect(done.body).toMatchObject({ metadata: { url: minimax.resultUrl('106916112212032') } });
    expect(minimax.upstream.requestsTo(QUERY)[0]!.url).toBe(`${QUERY}?task_id=106916112212032`);
    expect(minimax.upstream.requestsTo(RETRIEVE)[0]!.url).toBe(`${RETRIEVE}?file_id=205258526306433`);
    expect(await c.row(answer.body.id)).toMatchObject({
      platform: '35',
      action: 'textGenerate',
      status: 'SUCCESS',
    });
    expect(before - (await c.wallet())).toBe(PER_SECOND * 10);
    expect(await (await contentOf(c, answer.body.id)).text()).toBe('video 106916112212032');
  });

  it('charges nothing for a refusal, and refunds a failed task once', async () => {
    const {
      c,
      mocks: [minimax],
    } = vendor;
    minimax.submits(
      '/v1/video_generation',
      { json: { task_id: '', base_resp: { status_code: 2013, status_msg: 'invalid params, duration' } } },
      { json: created('106916112212099') },
    );
    minimax.polls(
      QUERY,
      '106916112212099',
      queried('106916112212099', 'Processing'),
      queried('106916112212099', 'Fail', { base_resp: { status_code: 1026, status_msg: 'input sensitive' } }),
    );
    await expectRefusalThenRefund(
      c,
      { model: MODEL, prompt: 'x' },
      { refusal: 'invalid params, duration', charge: PER_SECOND * 6, reason: 'input sensitive' },
    );
  });
});
