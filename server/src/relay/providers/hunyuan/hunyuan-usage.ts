import { asObject } from '../../formats/json-read.ts';
import { readOpenAIUsage, type Usage } from '../../answer/usage.ts';

/**
 * Hunyuan's Usage (PromptTokens, CompletionTokens, TotalTokens, and where it tells them the cached
 * prompt and the reasoning tokens) in the gateway's terms; undefined when it tells none.
 */
export function fromHunyuanUsage(raw: unknown): Usage | undefined {
  const usage = asObject(raw);
  if (!usage) return undefined;
  return readOpenAIUsage({
    prompt_tokens: usage.PromptTokens,
    completion_tokens: usage.CompletionTokens,
    total_tokens: usage.TotalTokens,
    prompt_tokens_details: { cached_tokens: asObject(usage.PromptTokensDetails)?.CachedTokens },
    completion_tokens_details: {
      reasoning_tokens: asObject(usage.CompletionTokensDetails)?.ReasoningTokens,
    },
  });
}
