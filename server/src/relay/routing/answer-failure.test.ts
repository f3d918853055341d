import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { holdAnswer } from './answer-failure.ts';
import { cohereFamily } from '../providers/cohere/cohere-family.ts';
import { hunyuanFamily } from '../providers/hunyuan/hunyuan-family.ts';

/** An upstream answer as undici gives it, with a body that says whether it was read. */
function answer(contentType: string, text: string) {
  const seen = { read: false };
  const response = {
    statusCode: 200,
    headers: { 'content-type': contentType },
    body: {
      arrayBuffer: () => {
        seen.read = true;
        return Promise.resolve(new TextEncoder().encode(text).buffer);
      },
    },
  } as unknown as Dispatcher.ResponseData;
  return { response, seen };
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
    const { response } = answer('application/json', '{"Response":{"Choices":[]}}');
    expect((await holdAnswer(hunyuanFamily, response)).bytes?.toString()).toBe('{"Response":{"Choices":[]}}');
  });

  it('leaves streams, and the answers of families without failureInAnswer, unread', async () => {
    const stream = answer('text/event-stream', TENCENT_ERROR);
    expect(await holdAnswer(hunyuanFamily, stream.response)).toEqual({});
    expect(stream.seen.read).toBe(false);
    const other = answer('application/json', TENCENT_ERROR);
    expect(await holdAnswer(cohereFamily, other.response)).toEqual({});
    expect(other.seen.read).toBe(false);
  });
});
