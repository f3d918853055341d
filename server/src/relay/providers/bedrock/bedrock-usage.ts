import { asObject } from '../../formats/json-read.ts';
import type { Usage } from '../../answer/usage.ts';
import { fromAnthropicUsage } from '../anthropic/anthropic-usage.ts';

/**
 * Converse usage in the gateway's terms. Like Anthropic's, Bedrock's inputTokens leave out the
 * tokens read from (cacheReadInputTokens) and written to (cacheWriteInputTokens) the prompt cache;
 * promptTokens include both. Undefined when the answer carries no usage.
 */
export function fromBedrockUsage(raw: unknown): Usage | undefined {
  const usage = asObject(raw);
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return undefined;
  return fromAnthropicUsage({
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    cache_read_input_tokens: usage.cacheReadInputTokens,
    cache_creation_input_tokens: usage.cacheWriteInputTokens,
  });
}
