import { asObject } from '../../formats/json-read.ts';
import type { Usage } from '../../answer/usage.ts';

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/**
 * Cohere's usage as billed: `billed_units` are what Cohere charges (the prompt's tokens without
 * its template and system preamble); `tokens` (everything the model read) is used only when no
 * billed units were reported. Undefined when the answer says nothing of usage.
 */
export function fromCohereUsage(raw: unknown): Usage | undefined {
  const usage = asObject(raw);
  if (!usage) return undefined;
  const billed = asObject(usage.billed_units);
  const tokens = asObject(usage.tokens);
  const source =
    billed && (billed.input_tokens !== undefined || billed.output_tokens !== undefined) ? billed : tokens;
  if (!source) return undefined;
  return {
    promptTokens: count(source.input_tokens),
    completionTokens: count(source.output_tokens),
    cachedTokens: 0,
    reasoningTokens: 0,
  };
}
