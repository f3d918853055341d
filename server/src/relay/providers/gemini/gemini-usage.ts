import { asNumber, asObject } from '../../formats/json-read.ts';
import type { Usage } from '../../answer/usage.ts';

const COUNTS = ['promptTokenCount', 'candidatesTokenCount', 'thoughtsTokenCount', 'totalTokenCount'];

/**
 * Whether a usageMetadata carries token counts: Vertex streams send metadata holding only
 * trafficType until the last event.
 */
export function hasGeminiTokenCounts(meta: unknown): boolean {
  const value = asObject(meta);
  return value !== undefined && COUNTS.some((key) => asNumber(value[key]) !== undefined);
}

/**
 * Gemini usageMetadata → the gateway's Usage. Gemini counts thinking apart from the answer
 * (candidatesTokenCount excludes thoughtsTokenCount) and the prompts of its own tools (search
 * grounding, code execution, URL context: toolUsePromptTokenCount) apart from the caller's, but
 * includes cached tokens in the prompt. So completion = candidates + thoughts, and prompt =
 * promptTokenCount + toolUsePromptTokenCount: the whole of totalTokenCount is paid for.
 */
export function fromGeminiUsage(meta: unknown): Usage {
  const value = asObject(meta) ?? {};
  const count = (key: string): number => Math.max(asNumber(value[key]) ?? 0, 0);
  const thoughts = count('thoughtsTokenCount');
  return {
    promptTokens: count('promptTokenCount') + count('toolUsePromptTokenCount'),
    completionTokens: count('candidatesTokenCount') + thoughts,
    cachedTokens: count('cachedContentTokenCount'),
    reasoningTokens: thoughts,
  };
}
