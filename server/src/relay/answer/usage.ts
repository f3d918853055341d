import type { Json } from '../formats/json.ts';

/** Token usage as billing needs it, whatever the upstream called the fields. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** Cached input tokens; included in promptTokens (OpenAI semantics). */
  cachedTokens: number;
  /** Reasoning tokens; included in completionTokens. */
  reasoningTokens: number;
  /** Tokens written to a prompt cache (Anthropic); included in promptTokens, billed at CreateCacheRatio. */
  cacheCreationTokens?: number;
}

const num = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;

const USAGE_FIELDS = [
  'prompt_tokens',
  'input_tokens',
  'completion_tokens',
  'output_tokens',
  'total_tokens',
] as const;

/** Reads an OpenAI-style usage object (chat, completions, embeddings, images, responses); undefined if absent or malformed. */
export function readOpenAIUsage(raw: unknown): Usage | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const u = raw as Record<string, unknown>;
  const prompt = num(u.prompt_tokens) || num(u.input_tokens);
  const completion = num(u.completion_tokens) || num(u.output_tokens);
  const total = num(u.total_tokens);
  // Present but all zero is a real answer (nothing was used); only an object with no counts is absent.
  const present = USAGE_FIELDS.filter((field) => u[field] !== undefined && u[field] !== null);
  if (present.length === 0) return undefined;
  // A count that is not a non-negative number is malformed: the caller counts locally instead.
  if (present.some((field) => num(u[field]) !== u[field])) return undefined;
  const promptDetails = (u.prompt_tokens_details ?? u.input_tokens_details) as
    Record<string, unknown> | undefined;
  const completionDetails = (u.completion_tokens_details ?? u.output_tokens_details) as
    Record<string, unknown> | undefined;
  const reasoning = num(completionDetails?.reasoning_tokens);
  // OpenAI counts reasoning inside completion_tokens; xAI does not (its total is prompt +
  // completion + reasoning). Either way reasoning is billed as completion.
  const reasoningOutside = reasoning > 0 && total > 0 && total >= prompt + completion + reasoning;
  return {
    promptTokens: prompt || (completion === 0 ? total : 0),
    completionTokens: completion + (reasoningOutside ? reasoning : 0),
    cachedTokens: num(promptDetails?.cached_tokens) || num(u.prompt_cache_hit_tokens),
    reasoningTokens: reasoning,
  };
}

/**
 * A stream's usage so far, with a later chunk's usage over it: each count the later one gives (above
 * zero) replaces the earlier, the others stay. Most streams tell usage once; Cloudflare tells the
 * prompt in its first chunk and the completion in its last.
 */
export function laterStreamUsage(earlier: Usage | undefined, later: Usage): Usage {
  if (!earlier) return later;
  return {
    promptTokens: later.promptTokens || earlier.promptTokens,
    completionTokens: later.completionTokens || earlier.completionTokens,
    cachedTokens: later.cachedTokens || earlier.cachedTokens,
    reasoningTokens: later.reasoningTokens || earlier.reasoningTokens,
    ...((later.cacheCreationTokens ?? earlier.cacheCreationTokens) !== undefined && {
      cacheCreationTokens: later.cacheCreationTokens || earlier.cacheCreationTokens,
    }),
  };
}

/**
 * The gateway's usage as the `usage` object of an OpenAI chat completion or chunk, as a converted
 * channel's answer carries it (readOpenAIUsage reads it back unchanged).
 */
export function openAIUsageBody(usage: Usage): Json {
  const body: Json = {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedTokens },
  };
  if (usage.reasoningTokens > 0) body.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  return body;
}
