import { describe, expect, it } from 'vitest';
import { completed, contentOf, useVendorCase } from './support/video-vendor-case.ts';
import {
  MINIMAX_QUERY as QUERY,
  MINIMAX_RETRIEVE as RETRIEVE,
  minimaxCreated as created,
  minimaxQueried as queried,
  minimaxRetrieved as retrieved,
} from './support/video-vendor-answers.ts';

const MODEL = 'MiniMax-Hailuo-02';
/** Hailuo at 0.1 USD a second, at 500 000 quota per USD. */
const PER_SECOND = 50_000;
/**
 * Issue #28: MiniMax's Hailuo videos through a MiniMax channel (type 35), as new-api serves them:
 * the request (duration, resolution of the size, metadata), the task over several polls to its file
 * and that file's address, the video streamed through. Its refusal and failure money:
 * every-database/video-vendors-money.test.ts.
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
});
