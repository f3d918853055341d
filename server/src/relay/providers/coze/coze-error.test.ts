import { describe, expect, it } from 'vitest';
import { cozeAnswerFailure, readCozeError } from './coze-error.ts';

describe('a Coze failure', () => {
  it('is no failure for code 0, an answer without code, or no object', () => {
    expect(cozeAnswerFailure({ code: 0, msg: '' })).toBeUndefined();
    expect(cozeAnswerFailure({ data: {} })).toBeUndefined();
    expect(cozeAnswerFailure('x')).toBeUndefined();
  });

  it('disables the channel for a refused token, retries a rate limit and Coze’s own failures', () => {
    expect(cozeAnswerFailure({ code: 4100, msg: 'authentication is invalid' })).toEqual({
      status: 401,
      error: { message: 'authentication is invalid (code 4100)', disables: true },
    });
    expect(cozeAnswerFailure({ code: 4101, msg: 'no permission' })).toMatchObject({ status: 403 });
    expect(cozeAnswerFailure({ code: 4013, msg: 'too many' })).toMatchObject({
      status: 429,
      error: { retryable: true },
    });
    expect(cozeAnswerFailure({ code: 5000, msg: 'internal' })).toMatchObject({ status: 500 });
    expect(cozeAnswerFailure({ code: 4000, msg: 'bad bot_id' })).toEqual({
      status: 400,
      error: { message: 'bad bot_id (code 4000)' },
    });
  });

  it('reads an HTTP error status by its code when it has one, else as any API', () => {
    expect(readCozeError(401, {}, '{"code":4100,"msg":"authentication is invalid"}')).toMatchObject({
      message: 'authentication is invalid (code 4100)',
      disables: true,
    });
    expect(readCozeError(503, {}, 'busy')).toEqual({ message: 'busy', retryAfterSeconds: undefined });
  });
});
