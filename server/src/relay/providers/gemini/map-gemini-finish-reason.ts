export type OpenAIFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/** Gemini finish reasons for output withheld by a filter (the IMAGE_* ones for image output). */
const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/**
 * A Gemini finishReason → OpenAI's finish_reason. STOP (or none given) is tool_calls when the
 * answer holds function calls; MAX_TOKENS is length; the filter reasons are content_filter;
 * everything else (MALFORMED_FUNCTION_CALL, OTHER, LANGUAGE, unknown) is stop.
 */
export function mapGeminiFinishReason(reason: unknown, hasToolCalls: boolean): OpenAIFinishReason {
  if (reason === 'MAX_TOKENS') return 'length';
  if (typeof reason === 'string' && FILTERED.has(reason)) return 'content_filter';
  if ((reason === 'STOP' || reason === undefined) && hasToolCalls) return 'tool_calls';
  return 'stop';
}
