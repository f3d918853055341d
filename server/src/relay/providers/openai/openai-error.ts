import { errorField, readClassifiedError, type UpstreamErrorReading } from '../error-reading.ts';
import type { ResponseHeaders } from '../retry-after.ts';

/** OpenAI error codes that say the key or the account is dead: no later call through it can work. */
const DEAD_ACCOUNT_CODES = new Set(['invalid_api_key', 'account_deactivated', 'billing_not_active']);

/** An OpenAI-format error ({error: {message, type, param, code}}); a dead key or account disables the channel. */
export const readOpenAIError = (
  status: number,
  headers: ResponseHeaders,
  text: string,
): UpstreamErrorReading =>
  readClassifiedError(status, headers, text, (body) =>
    DEAD_ACCOUNT_CODES.has(String(errorField(body, 'code'))) ? { disables: true } : {},
  );
