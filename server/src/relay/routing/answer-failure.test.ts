import { describe, expect, it } from 'vitest';
import { fedStream } from '../../../test/support/chunk-stream.ts';
import { holdAnswer } from './answer-failure.ts';
import { answerBytes, type UpstreamAnswer } from './upstream-answer.ts';
import { cohereFamily } from '../providers/cohere/cohere-family.ts';
import { hunyuanFamily } from '../providers/hunyuan/hunyuan-family.ts';

/** An upstream answer whose body streams, and what is left of its body to read. */
function answer(contentType: string, text: string) {
  const { body, push, end } = fedStream();
  push(text);
  end();
  const response: UpstreamAnswer = { statusCode: 200, headers: { 'content-type': contentType }, body };
  return { response, unread: async () => (await answerBytes({ ...response })).toString() };
}

const TENCENT_ERROR = '{"Response":{"RequestId":"r","Error":{"Code":"InvalidParameter","Message":"bad"}}}';

describe('holdAnswer', () => {
  it('finds the failure a family reads in a 200 answer', async () => {
    const { response } = answer('application/json', TENCENT_ERROR);
    expect(await holdAnswer(hunyuanFamily, response)).toEqual({
      failure: { status: 400, error: { message: 'InvalidParameter: bad' } },
    });
  });

  it('keeps the bytes of an answer that holds no failure, for delivery', async () => {
    const { response, unread } = answer('application/json', '{"Response":{"Choices":[]}}');
    expect((await holdAnswer(hunyuanFamily, response)).bytes?.toString()).toBe('{"Response":{"Choices":[]}}');
    expect(await unread()).toBe('');
  });

  it('leaves streams, and the answers of families without failureInAnswer, unread', async () => {
    const stream = answer('text/event-stream', TENCENT_ERROR);
    expect(await holdAnswer(hunyuanFamily, stream.response)).toEqual({});
    expect(await stream.unread()).toBe(TENCENT_ERROR);
    const other = answer('application/json', TENCENT_ERROR);
    expect(await holdAnswer(cohereFamily, other.response)).toEqual({});
    expect(await other.unread()).toBe(TENCENT_ERROR);
  });
});
