import type { Json } from '../../formats/types.ts';

/** Anthropic's smallest thinking budget. */
export const MIN_THINKING_BUDGET = 1024;
/** max_tokens is raised to this at least when a `-thinking` model name turns thinking on. */
export const MIN_THINKING_MAX_TOKENS = 1280;
const THINKING_SUFFIX = '-thinking';
const EFFORT_BUDGETS: Record<string, number> = { minimal: 1024, low: 1024, medium: 4096, high: 16384 };

export interface ThinkingInput {
  /** The upstream model name, maybe with the `-thinking` suffix. */
  model: string;
  maxTokens: number;
  reasoningEffort: unknown;
  /** A budget the client gave in tokens: used instead of the effort's (at least Anthropic's minimum). */
  explicitBudget?: number;
  adapterEnabled: boolean;
  /** The share of max_tokens given to thinking with the `-thinking` suffix (0.1 to 1). */
  budgetPercentage: number;
  /** Anthropic would refuse thinking with this request (see toAnthropicRequest). */
  thinkingRefused: boolean;
}

export interface ThinkingPlan {
  model: string;
  maxTokens: number;
  thinking?: Json;
}

/**
 * Whether to turn Claude's extended thinking on, and with what budget.
 * - `<model>-thinking` with the adapter on: the suffix is stripped, max_tokens raised to 1280 at
 *   least, and the budget is floor(max_tokens × percentage), kept between Anthropic's minimum
 *   (1024) and max_tokens - 1 (the budget must stay below max_tokens).
 * - otherwise reasoning_effort minimal/low, medium, high gives a budget of 1024, 4096, 16384;
 *   max_tokens at or below the budget is raised by the budget, leaving the asked-for room to answer.
 * - thinkingRefused keeps thinking off (the model name is still stripped).
 */
export function planThinking(input: ThinkingInput): ThinkingPlan {
  const suffixed = input.adapterEnabled && input.model.endsWith(THINKING_SUFFIX);
  const model = suffixed ? input.model.slice(0, -THINKING_SUFFIX.length) : input.model;
  if (input.thinkingRefused) return { model, maxTokens: input.maxTokens };

  if (suffixed) {
    const maxTokens = Math.max(input.maxTokens, MIN_THINKING_MAX_TOKENS);
    const share = Number.isFinite(input.budgetPercentage) ? input.budgetPercentage : 0;
    const budget = Math.floor(maxTokens * share);
    const budgetTokens = Math.min(Math.max(budget, MIN_THINKING_BUDGET), maxTokens - 1);
    return { model, maxTokens, thinking: { type: 'enabled', budget_tokens: budgetTokens } };
  }
  const fromEffort =
    typeof input.reasoningEffort === 'string' ? EFFORT_BUDGETS[input.reasoningEffort] : undefined;
  if (fromEffort === undefined) return { model, maxTokens: input.maxTokens };
  const budget =
    input.explicitBudget === undefined ? fromEffort : Math.max(input.explicitBudget, MIN_THINKING_BUDGET);
  const maxTokens = input.maxTokens > budget ? input.maxTokens : budget + input.maxTokens;
  return { model, maxTokens, thinking: { type: 'enabled', budget_tokens: budget } };
}

/**
 * max_tokens, which Anthropic requires: the request's max_tokens or max_completion_tokens, else
 * claude.default_max_tokens for the model (without its `-thinking` suffix, then with it), else
 * its 'default' entry, else 8192.
 */
export function resolveMaxTokens(request: Json, model: string, defaults: Record<string, number>): number {
  for (const asked of [request.max_tokens, request.max_completion_tokens]) {
    if (typeof asked === 'number' && Number.isInteger(asked) && asked > 0) return asked;
  }
  const base = model.endsWith(THINKING_SUFFIX) ? model.slice(0, -THINKING_SUFFIX.length) : model;
  for (const key of [base, model, 'default']) {
    const value = defaults[key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  }
  return 8192;
}
