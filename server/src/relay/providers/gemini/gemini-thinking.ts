import type { Json } from '../../formats/types.ts';

/** Thinking budgets (tokens) for OpenAI's reasoning_effort. */
export const REASONING_EFFORT_BUDGETS: ReadonlyMap<string, number> = new Map([
  ['none', 0],
  ['minimal', 1024],
  ['low', 1024],
  ['medium', 8192],
  ['high', 24576],
]);

/**
 * A model name's thinking suffix: `-thinking-<N>` → budget N, `-nothinking` → budget 0,
 * `-thinking` → budget -1 (Gemini's dynamic thinking). `model` is the name without the suffix,
 * which is what the upstream URL must use; a name without a suffix comes back unchanged.
 */
export function geminiThinkingFromModel(model: string): { model: string; budget?: number } {
  const numbered = /^(.+)-thinking-(\d+)$/.exec(model);
  if (numbered) return { model: numbered[1]!, budget: Number(numbered[2]) };
  if (model.endsWith('-nothinking')) return { model: model.slice(0, -'-nothinking'.length), budget: 0 };
  if (model.endsWith('-thinking')) return { model: model.slice(0, -'-thinking'.length), budget: -1 };
  return { model };
}

const config = (budget: number): Json =>
  budget === 0 ? { thinkingBudget: 0 } : { thinkingBudget: budget, includeThoughts: true };

/**
 * generationConfig.thinkingConfig for a call: the suffix of the model name sent upstream wins
 * over reasoning_effort; undefined when neither asks for anything (the model's default applies).
 * Thoughts are requested whenever thinking is on, so they come back as reasoning_content.
 */
export function geminiThinkingConfig(
  model: string | undefined,
  reasoningEffort: unknown,
  /** A budget the client gave in tokens: it wins over the effort derived from it. */
  explicitBudget?: number,
): Json | undefined {
  const fromModel = model === undefined ? undefined : geminiThinkingFromModel(model).budget;
  if (fromModel !== undefined) return config(fromModel);
  if (explicitBudget !== undefined && reasoningEffort !== undefined) return config(explicitBudget);
  const budget =
    typeof reasoningEffort === 'string' ? REASONING_EFFORT_BUDGETS.get(reasoningEffort) : undefined;
  return budget === undefined ? undefined : config(budget);
}
