import { asString } from '../../formats/json-read.ts';
import type { SseEvent } from '../../answer/sse.ts';

/** The Anthropic error type nearest to each exception a Bedrock stream may end with; api_error for the rest. */
const ANTHROPIC_ERROR_TYPES: Record<string, string> = {
  throttlingException: 'rate_limit_error',
  serviceUnavailableException: 'overloaded_error',
  validationException: 'invalid_request_error',
};

function messageOf(payload: string): string {
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    return asString(body.message) || asString(body.Message);
  } catch {
    return '';
  }
}

/**
 * An exception a Bedrock stream ended with (`{"message": …}`, its type in a header), as the `error`
 * event Anthropic's own streams end with: `{"type":"error","error":{"type":…,"message":…}}`, the
 * message led by Bedrock's exception type. An InvokeModel stream passed through to an Anthropic
 * client thus fails as that client reads a failure; the Converse reader reads it the same way.
 */
export function bedrockStreamError(exceptionType: string, payload: string): SseEvent {
  const message = `${exceptionType}: ${messageOf(payload) || 'the stream failed'}`;
  const type = ANTHROPIC_ERROR_TYPES[exceptionType] ?? 'api_error';
  return { event: 'error', data: JSON.stringify({ type: 'error', error: { type, message } }) };
}
