import { readAnthropicError } from '../anthropic/anthropic-error.ts';
import { parseErrorBody, type UpstreamErrorReading } from '../error-reading.ts';
import { readGeminiError } from '../gemini/gemini-error.ts';
import type { ResponseHeaders } from '../retry-after.ts';

/**
 * A Vertex error: Anthropic's shape ({type: "error", error: {type, message}}) from Claude models,
 * Google's ({error: {code, message, status}}) from every other and from Vertex itself, each read
 * by its family. A 401 or 403 means the account's credentials or rights do not work: the channel
 * is disabled.
 */
export function readVertexError(
  status: number,
  headers: ResponseHeaders,
  text: string,
): UpstreamErrorReading {
  const body = parseErrorBody(text);
  const anthropic = (body as { type?: unknown } | undefined)?.type === 'error';
  const reading = (anthropic ? readAnthropicError : readGeminiError)(status, headers, text);
  return status === 401 || status === 403 ? { ...reading, disables: true } : reading;
}
