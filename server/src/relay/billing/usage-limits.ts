import type { Usage } from '../answer/usage.ts';

/** More tokens than any model reads or writes in one call: a report beyond it is not believed. */
export const MAX_TOKENS_PER_CALL = 10_000_000;

/**
 * The most completion tokens a call with this limit could have produced. Some providers count
 * reasoning beyond the client's limit, so the cap leaves room for that: it exists to stop an
 * absurd report (1e20 tokens), not to second-guess an honest one.
 */
export function completionCap(maxTokens: number): number {
  return maxTokens > 0
    ? Math.min(MAX_TOKENS_PER_CALL, Math.max(maxTokens * 2, maxTokens + 65_536))
    : MAX_TOKENS_PER_CALL;
}

/**
 * Usage as billed: each count within what the call could have produced. Answers the original too
 * when anything was cut, so the log can say what the upstream claimed.
 */
export function clampUsage(usage: Usage, maxTokens: number): { usage: Usage; reported?: Usage } {
  const promptTokens = Math.min(usage.promptTokens, MAX_TOKENS_PER_CALL);
  const completionTokens = Math.min(usage.completionTokens, completionCap(maxTokens));
  if (promptTokens === usage.promptTokens && completionTokens === usage.completionTokens) return { usage };
  return {
    usage: {
      ...usage,
      promptTokens,
      completionTokens,
      cachedTokens: Math.min(usage.cachedTokens, promptTokens),
      reasoningTokens: Math.min(usage.reasoningTokens, completionTokens),
      cacheCreationTokens:
        usage.cacheCreationTokens === undefined
          ? undefined
          : Math.min(usage.cacheCreationTokens, promptTokens),
    },
    reported: usage,
  };
}
