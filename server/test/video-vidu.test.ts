import { describe, expect, it } from 'vitest';
import { completed, contentOf, useVendorCase } from './support/video-vendor-case.ts';
import {
  VIDU_PROMPT as PROMPT,
  viduCreations as creations,
  viduPollPath as pollPath,
  viduSubmitted as submitted,
} from './support/video-vendor-answers.ts';

/** viduq1 at 0.1 USD a second, at 500 000 quota per USD. */
const PER_SECOND = 50_000;
/**
 * Issue #28: Vidu (channel type 52) through new-api's /v1/video/generations: its request and its
 * Token key, the path by the images sent, the task's states over several polls to its video
 * streamed through. Its refusal and failure money: every-database/video-vendors-money.test.ts.
 */
describe('Vidu', () => {
  const vendor = useVendorCase({ viduq1: 0.1 }, [{ type: 52, models: ['viduq1'], key: 'vidu-test-key' }]);

  it('sends text2video with its Token key and follows the task to its video', async () => {
    const {
      c,
      mocks: [vidu],
    } = vendor;
    vidu.submits('/ent/v2/text2video', { json: submitted('vidu-text') });
    vidu.polls(
      pollPath('vidu-text'),
      'vidu-text',
      creations('queueing'),
      creations('processing'),
      creations('success', vidu.resultUrl('vidu-text')),
    );
    const before = await c.wallet();
    const created = await c.call('POST', '/v1/video/generations', {
      model: 'viduq1',
      prompt: PROMPT,
      duration: 5,
      size: '1920x1080',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ object: 'video', status: 'queued', model: 'viduq1', seconds: '5' });
    expect(before - (await c.wallet())).toBe(PER_SECOND * 5);

    const sent = vidu.upstream.requestsTo('/ent/v2/text2video')[0]!;
    expect(sent.headers.authorization).toBe('Token vidu-test-key');
    expect(sent.json).toEqual({
      model: 'viduq1',
      prompt: PROMPT,
      duration: 5,
      resolution: '1080p',
      movement_amplitude: 'auto',
      bgm: false,
    });

    const done = await completed(c, created.body.id);
    expect(done.body).toMatchObject({ progress: 100, metadata: { url: vidu.resultUrl('vidu-text') } });
    expect(vidu.upstream.requestsTo(pollPath('vidu-text'))[0]!.headers.authorization).toBe(
      'Token vidu-test-key',
    );
    expect(await c.row(created.body.id)).toMatchObject({
      platform: '52',
      action: 'textGenerate',
      status: 'SUCCESS',
    });
    expect(before - (await c.wallet())).toBe(PER_SECOND * 5);
    const content = await contentOf(c, created.body.id);
    expect(content.headers.get('content-type')).toBe('video/mp4');
    expect(await content.text()).toBe('video vidu-text');
  });

  it('animates one image through img2video and two through start-end2video, with the caller metadata', async () => {
    const {
      c,
      mocks: [vidu],
    } = vendor;
    vidu.submits('/ent/v2/img2video', { json: submitted('vidu-image') });
    vidu.submits('/ent/v2/start-end2video', { json: submitted('vidu-frames') });
    vidu.polls(pollPath('vidu-image'), 'vidu-image', creations('processing'));
    vidu.polls(pollPath('vidu-frames'), 'vidu-frames', creations('processing'));
    const one = await c.call('POST', '/v1/video/generations', {
      model: 'viduq1',
      prompt: 'the cat blinks',
      images: ['https://example.com/cat.png'],
      metadata: { resolution: '720p', bgm: true, seed: 7 },
    });
    expect(one.status).toBe(200);
    expect(vidu.upstream.requestsTo('/ent/v2/img2video')[0]!.json).toMatchObject({
      images: ['https://example.com/cat.png'],
      duration: 5,
      resolution: '720p',
      bgm: true,
      seed: 7,
    });
    const two = await c.call('POST', '/v1/video/generations', {
      model: 'viduq1',
      prompt: 'from day to night',
      images: ['https://example.com/day.png', 'https://example.com/night.png'],
    });
    expect(two.status).toBe(200);
    expect(vidu.upstream.requestsTo('/ent/v2/start-end2video')).toHaveLength(1);
    expect((await c.row(one.body.id)).action).toBe('generate');
    expect((await c.row(two.body.id)).action).toBe('firstTailGenerate');
  });
});
