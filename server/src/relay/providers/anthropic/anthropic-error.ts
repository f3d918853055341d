import { errorField, readClassifiedError, type UpstreamErrorReading } from '../error-reading.ts';
import type { ResponseHeaders } from '../retry-after.ts';

/** Anthropic's "overloaded" status: the API is busy, another channel may well answer. */
export const ANTHROPIC_OVERLOADED = 529;

/**
 * An Anthropic error ({type: "error", error: {type, message}}): overloaded (529) is worth
 * another channel whatever the site's retry codes; an authentication error disables the channel.
 */
export const readAnthropicError = (
  status: number,
  headers: ResponseHeaders,
  text: string,
): UpstreamErrorReading =>
  readClassifiedError(status, headers, text, (body) => {
    const type = errorField(body, 'type');
    if (status === ANTHROPIC_OVERLOADED || type === 'overloaded_error') return { retryable: true };
    return type === 'authentication_error' ? { disables: true } : {};
  });
