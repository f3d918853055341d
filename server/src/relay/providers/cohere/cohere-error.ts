import { readClassifiedError, type UpstreamErrorReading } from '../error-reading.ts';
import type { ResponseHeaders } from '../retry-after.ts';

/**
 * A Cohere error ({id, message}): read generically; a 401 says the key is invalid or revoked, so
 * no later call through the channel can work.
 */
export const readCohereError = (
  status: number,
  headers: ResponseHeaders,
  text: string,
): UpstreamErrorReading =>
  readClassifiedError(status, headers, text, (_body, code) => (code === 401 ? { disables: true } : {}));
