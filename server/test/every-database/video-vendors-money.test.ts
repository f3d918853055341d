import { describe, it } from 'vitest';
import {
  ARK_TASKS,
  arkCreated,
  arkTask,
  DASHSCOPE_SYNTHESIS,
  DASHSCOPE_TASKS,
  dashscopeCreated,
  dashscopeQueried,
  MINIMAX_QUERY,
  minimaxCreated,
  minimaxQueried,
  viduCreations,
  viduPollPath,
  viduSubmitted,
} from '../support/video-vendor-answers.ts';
import { expectRefusalThenRefund, useVendorCase } from '../support/video-vendor-case.ts';

/** Each model at 0.1 USD a second (50 000 quota a second at 500 000 quota per USD), 5 or 6 s by default. */
const PER_SECOND = 50_000;

/**
 * Issue #28: the money of the video vendors served besides Sora, Kling and Veo, on every store:
 * a submission the vendor refuses charges nothing; one it accepts is charged its default duration
 * at submit and, when the task fails upstream, given back once with one refund row. Their requests
 * and answers are tested in test/video-{vidu,seedance,hailuo,wan}.test.ts.
 */
describe('Video vendors: a refusal charges nothing, a failure is refunded once', () => {
  const vendor = useVendorCase(
    { viduq1: 0.1, 'doubao-seedance-1-0-pro-250528': 0.1, 'MiniMax-Hailuo-02': 0.1, 'wan2.6-t2v': 0.1 },
    [
      { type: 52, models: ['viduq1'], key: 'vidu-test-key' },
      { type: 54, models: ['doubao-seedance-1-0-pro-250528'], key: 'ark-test-key' },
      { type: 35, models: ['MiniMax-Hailuo-02'], key: 'minimax-test-key' },
      { type: 17, models: ['wan2.6-t2v'], key: 'sk-dashscope-test' },
    ],
  );

  it('Vidu (52)', async () => {
    const {
      c,
      mocks: [vidu],
    } = vendor;
    vidu!.submits(
      '/ent/v2/text2video',
      { json: viduSubmitted('vidu-refused', { state: 'failed' }) },
      { json: viduSubmitted('vidu-failing') },
    );
    vidu!.polls(
      viduPollPath('vidu-failing'),
      'vidu-failing',
      viduCreations('processing'),
      viduCreations('failed', '', { err_code: 'CreationPolicyViolation' }),
    );
    await expectRefusalThenRefund(
      c,
      { model: 'viduq1', prompt: 'x' },
      { refusal: 'task failed', charge: PER_SECOND * 5, reason: 'CreationPolicyViolation' },
    );
  });

  it('Seedance (54)', async () => {
    const {
      c,
      mocks: [, ark],
    } = vendor;
    ark!.submits(
      ARK_TASKS,
      {
        status: 400,
        json: { error: { code: 'InvalidParameter', message: 'the parameter duration is invalid' } },
      },
      { json: arkCreated('cgt-2024-failing') },
    );
    ark!.polls(
      `${ARK_TASKS}/cgt-2024-failing`,
      'cgt-2024-failing',
      arkTask('running'),
      arkTask('failed', { error: { code: 'OutputVideoSensitiveContentDetected', message: 'sensitive' } }),
    );
    await expectRefusalThenRefund(
      c,
      { model: 'doubao-seedance-1-0-pro-250528', prompt: 'x' },
      { refusal: 'the parameter duration is invalid', charge: PER_SECOND * 5, reason: 'sensitive' },
    );
  });

  it('Hailuo (35)', async () => {
    const {
      c,
      mocks: [, , minimax],
    } = vendor;
    minimax!.submits(
      '/v1/video_generation',
      { json: { task_id: '', base_resp: { status_code: 2013, status_msg: 'invalid params, duration' } } },
      { json: minimaxCreated('106916112212099') },
    );
    minimax!.polls(
      MINIMAX_QUERY,
      '106916112212099',
      minimaxQueried('106916112212099', 'Processing'),
      minimaxQueried('106916112212099', 'Fail', {
        base_resp: { status_code: 1026, status_msg: 'input sensitive' },
      }),
    );
    await expectRefusalThenRefund(
      c,
      { model: 'MiniMax-Hailuo-02', prompt: 'x' },
      { refusal: 'invalid params, duration', charge: PER_SECOND * 6, reason: 'input sensitive' },
    );
  });

  it('Wan (17)', async () => {
    const {
      c,
      mocks: [, , , dashscope],
    } = vendor;
    dashscope!.submits(
      DASHSCOPE_SYNTHESIS,
      {
        status: 400,
        json: { code: 'InvalidParameter', message: 'duration must be 5 or 10', request_id: 'r' },
      },
      { json: dashscopeCreated('436310e6-5404-42ef-b875-3') },
    );
    dashscope!.polls(
      `${DASHSCOPE_TASKS}/436310e6-5404-42ef-b875-3`,
      '436310e6-5404-42ef-b875-3',
      dashscopeQueried('436310e6-5404-42ef-b875-3', 'RUNNING'),
      dashscopeQueried('436310e6-5404-42ef-b875-3', 'FAILED', {
        code: 'DataInspectionFailed',
        message: 'inappropriate content',
      }),
    );
    await expectRefusalThenRefund(
      c,
      { model: 'wan2.6-t2v', prompt: 'x' },
      { refusal: 'duration must be 5 or 10', charge: PER_SECOND * 5, reason: 'inappropriate content' },
    );
  });
});
