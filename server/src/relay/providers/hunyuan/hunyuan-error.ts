import { asObject, asString } from '../../formats/json-read.ts';
import { parseErrorBody, readErrorGenerically, type UpstreamErrorReading } from '../error-reading.ts';
import type { AnswerFailure } from '../provider-family.ts';
import type { ResponseHeaders } from '../retry-after.ts';

/** Tencent Cloud's error codes by family (the part before the first dot), as the status each stands for. */
const BY_PREFIX: Array<{ prefix: string; status: number; retryable?: true; disables?: true }> = [
  // The clock of this node is off by more than five minutes: the credentials are not to blame.
  { prefix: 'AuthFailure.SignatureExpire', status: 502 },
  { prefix: 'AuthFailure', status: 401, disables: true },
  { prefix: 'UnauthorizedOperation', status: 403, disables: true },
  { prefix: 'FailedOperation.ServiceNotActivated', status: 403, disables: true },
  { prefix: 'FailedOperation.ServiceStop', status: 403, disables: true },
  { prefix: 'ResourceInsufficient.ChargeResourceExhaust', status: 403, disables: true },
  { prefix: 'RequestLimitExceeded', status: 429, retryable: true },
  { prefix: 'LimitExceeded', status: 429, retryable: true },
  { prefix: 'FailedOperation.EngineServerLimitExceeded', status: 429, retryable: true },
  { prefix: 'InternalError', status: 500, retryable: true },
  { prefix: 'FailedOperation.EngineServerError', status: 503, retryable: true },
  { prefix: 'FailedOperation.EngineRequestTimeout', status: 504, retryable: true },
  { prefix: 'InvalidParameter', status: 400 },
  { prefix: 'InvalidParameterValue', status: 400 },
  { prefix: 'MissingParameter', status: 400 },
  { prefix: 'UnknownParameter', status: 400 },
  { prefix: 'UnsupportedOperation', status: 400 },
  { prefix: 'OperationDenied', status: 400 },
  { prefix: 'InvalidAction', status: 404 },
  { prefix: 'ResourceNotFound', status: 404 },
];

/** The {Code, Message} of a Tencent Cloud error answer ({"Response": {"Error": …}}), else undefined. */
export function tencentErrorOf(body: unknown): { code: string; message: string } | undefined {
  const error = asObject(asObject(asObject(body)?.Response)?.Error);
  if (!error) return undefined;
  return { code: asString(error.Code), message: asString(error.Message) };
}

/**
 * The failure in a Tencent Cloud answer, which tells every error with HTTP 200: refused or unpaid
 * credentials (AuthFailure, UnauthorizedOperation, a stopped service) disable the channel; limits
 * and the engine's own failures are worth another channel; a bad parameter is the caller's 400.
 * The message names the code.
 */
export function hunyuanAnswerFailure(answer: unknown): AnswerFailure | undefined {
  const error = tencentErrorOf(answer);
  if (!error) return undefined;
  const known = BY_PREFIX.find(({ prefix }) => error.code === prefix || error.code.startsWith(`${prefix}.`));
  const { status = 502, retryable, disables } = known ?? {};
  return {
    status,
    error: {
      message: `${error.code}: ${error.message || 'Tencent Cloud refused the call'}`,
      ...(retryable && { retryable }),
      ...(disables && { disables }),
    },
  };
}

/** An error answer with an HTTP error status (a proxy's, or Tencent's envelope): read either way. */
export function readHunyuanError(
  status: number,
  headers: ResponseHeaders,
  text: string,
): UpstreamErrorReading {
  const body = parseErrorBody(text);
  const generic = readErrorGenerically(status, headers, text, body);
  const failure = hunyuanAnswerFailure(body);
  return failure ? { ...generic, ...failure.error } : generic;
}
