import {
  fieldOf,
  parseErrorBody,
  readErrorGenerically,
  type UpstreamErrorReading,
} from '../error-reading.ts';
import type { ResponseHeaders } from '../retry-after.ts';

/** Failures worth another channel: Bedrock is busy or throttling this account. */
const RETRYABLE = new Set([
  'ThrottlingException',
  'ServiceQuotaExceededException',
  'ServiceUnavailableException',
  'ModelNotReadyException',
  'InternalServerException',
]);
/** Failures no later call through the channel can escape: the credentials are refused. */
const DISABLING = new Set(['AccessDeniedException', 'UnrecognizedClientException']);

/** The error type Bedrock names in x-amzn-errortype ("ThrottlingException:http://…"), else in the body. */
export function bedrockErrorType(headers: ResponseHeaders, body: unknown): string {
  const header = headers['x-amzn-errortype'];
  const raw = (Array.isArray(header) ? header[0] : header) ?? fieldOf(body, '__type') ?? '';
  const type = String(raw).split(':')[0]!;
  return type.includes('#') ? type.slice(type.lastIndexOf('#') + 1) : type;
}

/**
 * A Bedrock error ({"message": …} or {"Message": …}, its type in x-amzn-errortype): the message
 * says its type; throttling and an unavailable service are worth another channel, refused
 * credentials disable the channel; a ValidationException stays the caller's 400.
 */
export function readBedrockError(
  status: number,
  headers: ResponseHeaders,
  text: string,
): UpstreamErrorReading {
  const body = parseErrorBody(text);
  const reading = readErrorGenerically(status, headers, text, body);
  const upper = fieldOf(body, 'Message');
  const message =
    typeof upper === 'string' && fieldOf(body, 'message') === undefined ? upper : reading.message;
  const type = bedrockErrorType(headers, body);
  return {
    ...reading,
    message: type !== '' ? `${type}: ${message}` : message,
    ...(RETRYABLE.has(type) ? { retryable: true } : {}),
    ...(DISABLING.has(type) ? { disables: true } : {}),
  };
}
