import { describe, expect, it } from 'vitest';
import { completed, contentOf, useVendorCase } from './support/video-vendor-case.ts';
import {
  DASHSCOPE_SYNTHESIS as SYNTHESIS,
  DASHSCOPE_TASKS as TASKS,
  dashscopeCreated as created,
  dashscopeQueried as queried,
} from './support/video-vendor-answers.ts';

const MODEL = 'wan2.6-t2v';
/** Wan at 0.1 USD a second, at 500 000 quota per USD. */
const PER_SECOND = 50_000;
/**
 * The request of Alibaba's documentation of the Wan text-to-video API (model, input.prompt, the
 * X-DashScope-Async header; https://www.alibabacloud.com/help/en/model-studio/text-to-video-api-reference),
 * its prompt shortened.
 */
const PROMPT = 'Shot from a low angle, in a medium close-up, with warm tones: a fox in a detective office.';

/**
 * Issue #28: Alibaba's Wan videos through an Alibaba channel (type 17), as new-api serves them:
 * the asynchronous submission with its header, new-api's request (input, parameters with prompt
 * rewriting, the resolution and duration, the caller's metadata merged in), the task over several
 * polls to its video streamed through. Its refusal and failure money:
 * every-database/video-vendors-money.test.ts.
 */
describe('Wan', () => {
  const vendor = useVendorCase({ [MODEL]: 0.1 }, [{ type: 17, models: [MODEL], key: 'sk-dashscope-test' }]);

  it('submits asynchronously, follows the task to its video, and streams it', async () => {
    const {
      c,
      mocks: [dashscope],
    } = vendor;
    dashscope.submits(SYNTHESIS, { json: created('436310e6-5404-42ef-b875-1') });
    dashscope.polls(
      `${TASKS}/436310e6-5404-42ef-b875-1`,
      '436310e6-5404-42ef-b875-1',
      queried('436310e6-5404-42ef-b875-1', 'PENDING'),
      queried('436310e6-5404-42ef-b875-1', 'RUNNING'),
      queried('436310e6-5404-42ef-b875-1', 'SUCCEEDED', {
        end_time: '2025-07-27 21:07:58.027',
        video_url: dashscope.resultUrl('436310e6-5404-42ef-b875-1'),
      }),
    );
    const before = await c.wallet();
    const answer = await c.call('POST', '/v1/video/generations', {
      model: MODEL,
      prompt: PROMPT,
      duration: 10,
      size: '1920x1080',
      metadata: { input: { negative_prompt: 'flowers' }, parameters: { shot_type: 'multi' } },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'queued', model: MODEL, seconds: '10' });
    expect(before - (await c.wallet())).toBe(PER_SECOND * 10);
    const sent = dashscope.upstream.requestsTo(SYNTHESIS)[0]!;
    expect(sent.headers).toMatchObject({
      authorization: 'Bearer sk-dashscope-test',
      'x-dashscope-async': 'enable',
    });
    expect(sent.json).toEqual({
      model: MODEL,
      input: { prompt: PROMPT, negative_prompt: 'flowers' },
      parameters: {
        prompt_extend: true,
        watermark: false,
        resolution: '1080P',
        duration: 10,
        shot_type: 'multi',
      },
    });

    const done = await completed(c, answer.body.id);
    expect(done.body).toMatchObject({ metadata: { url: dashscope.resultUrl('436310e6-5404-42ef-b875-1') } });
    expect(await c.row(answer.body.id)).toMatchObject({
      platform: '17',
      action: 'textGenerate',
      status: 'SUCCESS',
    });
    expect(before - (await c.wallet())).toBe(PER_SECOND * 10);
    expect(await (await contentOf(c, answer.body.id)).text()).toBe('video 436310e6-5404-42ef-b875-1');
  });

  it('animates an image as input.img_url at the default resolution, 5 s by default', async () => {
    const {
      c,
      mocks: [dashscope],
    } = vendor;
    dashscope.submits(SYNTHESIS, { json: created('436310e6-5404-42ef-b875-2') });
    dashscope.polls(
      `${TASKS}/436310e6-5404-42ef-b875-2`,
      '436310e6-5404-42ef-b875-2',
      queried('x', 'RUNNING'),
    );
    const answer = await c.call('POST', '/v1/video/generations', {
      model: MODEL,
      prompt: 'the cat blinks',
      image: 'https://example.com/cat.png',
    });
    expect(answer.status).toBe(200);
    expect(dashscope.upstream.requestsTo(SYNTHESIS).at(-1)!.json).toMatchObject({
      input: { prompt: 'the cat blinks', img_url: 'https://example.com/cat.png' },
      parameters: { resolution: '720P', duration: 5 },
    });
    expect((await c.row(answer.body.id)).action).toBe('generate');
    // Alibaba's type is of the OpenAI family, but its videos are Wan's: they cannot be remixed as Sora's.
    const remix = await c.call('POST', `/v1/videos/${String(answer.body.id)}/remix`, { prompt: 'again' });
    expect(remix).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error' } } });
    expect(dashscope.upstream.requests.filter((r) => r.url.includes('remix'))).toHaveLength(0);
  });
});
