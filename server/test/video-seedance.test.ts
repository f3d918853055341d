import { describe, expect, it } from 'vitest';
import { completed, contentOf, useVendorCase } from './support/video-vendor-case.ts';
import {
  ARK_TASKS as TASKS,
  arkCreated as created,
  arkSucceeded as succeeded,
  arkTask as task,
} from './support/video-vendor-answers.ts';
import { waitFor } from './support/wait.ts';

const MODEL = 'doubao-seedance-1-0-pro-250528';
/** The Seedance model at 0.2 USD a second, at 500 000 quota per USD. */
const PER_SECOND = 100_000;
/**
 * The prompt and image of the content example of Ark's documentation of the video generation API
 * (https://www.volcengine.com/docs/82379/1393047).
 */
const PROMPT = '夜晚，一只萨摩耶犬和一只金毛犬在充满未来感的霓虹城市中嬉戏玩耍。';
const IMAGE = 'https://xxx.jpg';

/**
 * Issue #28: Doubao's Seedance through VolcEngine Ark (channel type 54, and the VolcEngine chat
 * type 45 as new-api serves it): the Ark key as a Bearer token, new-api's request (images as
 * image_url items, metadata, the duration, the prompt as the text item), the task's states over
 * several polls to its video streamed through. Its refusal and failure money:
 * every-database/video-vendors-money.test.ts.
 */
describe('Seedance', () => {
  const vendor = useVendorCase({ [MODEL]: 0.2, 'doubao-seedance-lite': 0.2 }, [
    { type: 54, models: [MODEL], key: 'ark-test-key' },
    {
      type: 45,
      models: ['doubao-seedance-lite'],
      key: 'volc-test-key',
      modelMapping: { 'doubao-seedance-lite': 'ep-2024-lite' },
    },
  ]);

  it("sends Ark new-api's request with the Ark key and follows the task to its video", async () => {
    const {
      c,
      mocks: [ark],
    } = vendor;
    ark.submits(TASKS, { json: created('cgt-2024-text') });
    ark.polls(
      `${TASKS}/cgt-2024-text`,
      'cgt-2024-text',
      task('queued'),
      task('running'),
      succeeded(ark.resultUrl('cgt-2024-text')),
    );
    const before = await c.wallet();
    const answer = await c.call('POST', '/v1/video/generations', {
      model: MODEL,
      prompt: PROMPT,
      images: [IMAGE],
      duration: 10,
      metadata: { ratio: '16:9', resolution: '1080p' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'video', status: 'queued', model: MODEL, seconds: '10' });
    expect(before - (await c.wallet())).toBe(PER_SECOND * 10);
    const sent = ark.upstream.requestsTo(TASKS)[0]!;
    expect(sent.headers.authorization).toBe('Bearer ark-test-key');
    expect(sent.json).toEqual({
      model: MODEL,
      duration: 10,
      ratio: '16:9',
      resolution: '1080p',
      content: [
        { type: 'image_url', image_url: { url: IMAGE } },
        { type: 'text', text: PROMPT },
      ],
    });

    const done = await completed(c, answer.body.id);
    expect(done.body).toMatchObject({ progress: 100, metadata: { url: ark.resultUrl('cgt-2024-text') } });
    expect(await c.row(answer.body.id)).toMatchObject({
      platform: '54',
      action: 'generate',
      status: 'SUCCESS',
    });
    expect(before - (await c.wallet())).toBe(PER_SECOND * 10);
    expect(await (await contentOf(c, answer.body.id)).text()).toBe('video cgt-2024-text');
  });

  it('serves a VolcEngine (45) channel the same way, under its mapped endpoint id, 5 s by default', async () => {
    const {
      c,
      mocks: [, volc],
    } = vendor;
    volc.submits(TASKS, { json: created('cgt-2024-volc') });
    volc.polls(`${TASKS}/cgt-2024-volc`, 'cgt-2024-volc', task('queued'));
    const before = await c.wallet();
    const answer = await c.call('POST', '/v1/video/generations', {
      model: 'doubao-seedance-lite',
      prompt: 'x',
    });
    expect(answer.status).toBe(200);
    expect(before - (await c.wallet())).toBe(PER_SECOND * 5);
    expect(volc.upstream.requestsTo(TASKS)[0]!.json).toEqual({
      model: 'ep-2024-lite',
      duration: 5,
      content: [{ type: 'text', text: 'x' }],
    });
    expect(volc.upstream.requestsTo(TASKS)[0]!.headers.authorization).toBe('Bearer volc-test-key');
    await waitFor(
      () => Promise.resolve(volc.upstream.requestsTo(`${TASKS}/cgt-2024-volc`).length),
      (polls) => polls > 0,
      'the VolcEngine task polled',
    );
  });
});
