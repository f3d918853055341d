import { describe, expect, it } from 'vitest';
import { hunyuanAnswerFailure, readHunyuanError } from './hunyuan-error.ts';

const failure = (Code: string, Message = 'words') =>
  hunyuanAnswerFailure({ Response: { RequestId: 'r', Error: { Code, Message } } });

describe('a Tencent Cloud failure told with HTTP 200', () => {
  it('disables the channel for refused credentials or a stopped service, as 401 or 403', () => {
    expect(failure('AuthFailure.SecretIdNotFound')).toMatchObject({ status: 401, error: { disables: true } });
    expect(failure('AuthFailure.SignatureFailure')).toMatchObject({ status: 401, error: { disables: true } });
    expect(failure('UnauthorizedOperation')).toMatchObject({ status: 403, error: { disables: true } });
    expect(failure('FailedOperation.ServiceNotActivated')).toMatchObject({
      status: 403,
      error: { disables: true },
    });
    expect(failure('ResourceInsufficient.ChargeResourceExhaust')).toMatchObject({ status: 403 });
  });

  it('does not blame the credentials for a clock off by minutes', () => {
    expect(failure('AuthFailure.SignatureExpire')).toEqual({
      status: 502,
      error: { message: 'AuthFailure.SignatureExpire: words' },
    });
  });

  it('retries limits and the engine’s failures elsewhere, and gives bad parameters back as 400', () => {
    expect(failure('RequestLimitExceeded')).toMatchObject({ status: 429, error: { retryable: true } });
    expect(failure('LimitExceeded')).toMatchObject({ status: 429, error: { retryable: true } });
    expect(failure('InternalError')).toMatchObject({ status: 500, error: { retryable: true } });
    expect(failure('FailedOperation.EngineServerError')).toMatchObject({ status: 503 });
    expect(failure('InvalidParameterValue.Model')).toEqual({
      status: 400,
      error: { message: 'InvalidParameterValue.Model: words' },
    });
    expect(failure('SomethingNew')).toMatchObject({ status: 502 });
  });

  it('finds no failure in an answer, in JSON that is no object, or in nothing', () => {
    expect(hunyuanAnswerFailure({ Response: { Choices: [] } })).toBeUndefined();
    expect(hunyuanAnswerFailure([1])).toBeUndefined();
    expect(hunyuanAnswerFailure(undefined)).toBeUndefined();
  });

  it('reads an HTTP error status by its envelope when it has one, else as any API', () => {
    const text = JSON.stringify({
      Response: { Error: { Code: 'AuthFailure.InvalidSecretId', Message: 'bad' } },
    });
    expect(readHunyuanError(400, {}, text)).toMatchObject({
      message: 'AuthFailure.InvalidSecretId: bad',
      disables: true,
    });
    expect(readHunyuanError(502, { 'retry-after': '3' }, 'Bad Gateway')).toEqual({
      message: 'Bad Gateway',
      retryAfterSeconds: 3,
    });
  });
});
