import { asArray, asCount, asObject } from '../../formats/json-read.ts';
import type { Usage } from '../../answer/usage.ts';
import type { Json } from '../../formats/types.ts';

/**
 * Anthropic usage in the gateway's terms. Anthropic's input_tokens leave out the tokens read
 * from and written to the prompt cache; the gateway's promptTokens include both (OpenAI
 * semantics), with cachedTokens the reads and cacheCreationTokens the writes. Thinking tokens
 * are part of output_tokens, as reasoning is part of completionTokens.
 *
 * `iterations` (compaction, advisor, fallback):
 * - compaction: summarising the context is a sampling step of its own, billed, but listed only
 *   in `iterations`; the top-level numbers are those of the answer. It is added here.
 * - advisor_message: a sub-call billed at the advisor model's price, not this model's; left out
 *   (it stays in the raw usage for whoever prices it).
 * - fallback_message: the top-level numbers already are those of the model that answered.
 */
export function fromAnthropicUsage(raw: unknown): Usage {
  const usage = asObject(raw) ?? {};
  let input = asCount(usage.input_tokens);
  let output = asCount(usage.output_tokens);
  let cacheRead = asCount(usage.cache_read_input_tokens);
  let cacheWrite = asCount(usage.cache_creation_input_tokens);
  for (const item of asArray(usage.iterations)) {
    const iteration = asObject(item);
    if (iteration?.type !== 'compaction') continue;
    input += asCount(iteration.input_tokens);
    output += asCount(iteration.output_tokens);
    cacheRead += asCount(iteration.cache_read_input_tokens);
    cacheWrite += asCount(iteration.cache_creation_input_tokens);
  }
  return {
    promptTokens: input + cacheRead + cacheWrite,
    completionTokens: output,
    cachedTokens: cacheRead,
    cacheCreationTokens: cacheWrite,
    reasoningTokens: asCount(asObject(usage.output_tokens_details)?.thinking_tokens),
  };
}

/**
 * Folds the usage of a later stream event into what came before: a field given again replaces
 * the earlier one (message_delta revises the input tokens of message_start, and those are billed).
 */
export function mergeAnthropicUsage(previous: Json | undefined, next: unknown): Json | undefined {
  const update = asObject(next);
  if (!update) return previous;
  const merged: Json = { ...previous };
  for (const [key, value] of Object.entries(update))
    if (value !== null && value !== undefined) merged[key] = value;
  return merged;
}
