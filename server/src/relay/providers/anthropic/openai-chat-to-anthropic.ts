import { asArray, asObject, asString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';
import { planThinking, resolveMaxTokens } from './anthropic-thinking.ts';
import { forcesToolUse, toAnthropicToolChoice, toAnthropicTools } from './anthropic-tools.ts';
import { continuesToolLoop, toAnthropicPrompt } from './convert-to-anthropic-messages.ts';

export interface AnthropicRequestOptions {
  /** The model to ask the upstream for (after model mapping); a `-thinking` suffix turns thinking on. */
  upstreamModel: string;
  /** claude.default_max_tokens: max_tokens by model name, or under 'default'. */
  defaultMaxTokens: Record<string, number>;
  /** claude.thinking_adapter_enabled. */
  thinkingAdapterEnabled: boolean;
  /** claude.thinking_adapter_budget_tokens_percentage. */
  thinkingBudgetPercentage: number;
  /** The client's own thinking budget in tokens (Gemini thinkingBudget), kept exact rather than via an effort. */
  thinkingBudget?: number;
}

/** response_format as an instruction for the system text (Anthropic has no JSON mode of its own). */
function jsonInstruction(responseFormat: unknown): string | undefined {
  const format = asObject(responseFormat);
  if (format?.type === 'json_object') return 'Respond only with a valid JSON object, and nothing else.';
  if (format?.type !== 'json_schema') return undefined;
  const schema = asObject(asObject(format.json_schema)?.schema);
  if (!schema) return 'Respond only with valid JSON, and nothing else.';
  return `Respond only with valid JSON, and nothing else, that matches this JSON schema:\n${JSON.stringify(schema)}`;
}

/** stop (a string or a list) as stop_sequences; Anthropic refuses empty or whitespace-only ones. */
function stopSequences(stop: unknown): string[] | undefined {
  const sequences = (typeof stop === 'string' ? [stop] : asArray(stop)).filter(
    (sequence): sequence is string => typeof sequence === 'string' && sequence.trim() !== '',
  );
  return sequences.length > 0 ? sequences : undefined;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * Sampling settings Anthropic accepts: temperature (its range is 0 to 1, OpenAI's 0 to 2, so it
 * is capped at 1), top_p only without temperature (recent Claude models refuse both at once), and
 * top_k. None of them go with thinking on: Anthropic refuses them then.
 */
function sampling(request: Json): Json {
  const settings: Json = {};
  if (isNumber(request.temperature)) settings.temperature = Math.min(Math.max(request.temperature, 0), 1);
  else if (isNumber(request.top_p)) settings.top_p = request.top_p;
  if (isNumber(request.top_k)) settings.top_k = request.top_k;
  return settings;
}

/**
 * An OpenAI chat completions request as an Anthropic Messages request, for a Claude channel.
 * Messages, tools, tool choice, stop sequences, sampling, max_tokens (required by Anthropic),
 * response_format (as a system instruction), extended thinking (from a `-thinking` model name or
 * reasoning_effort), the end user (metadata.user_id) and stream are converted; what Anthropic
 * has no counterpart for (n, seed, logprobs, penalties, logit_bias, audio…) is left out.
 *
 * Thinking stays off where Anthropic would refuse the request with it: a tool choice that forces
 * a call, and a conversation going on from tool results, where Anthropic wants the assistant
 * turn to start with its signed thinking block, which an OpenAI client cannot send back.
 */
export function toAnthropicRequest(request: Json, options: AnthropicRequestOptions): Json {
  const prompt = toAnthropicPrompt(request.messages);
  const instruction = jsonInstruction(request.response_format);
  if (instruction) prompt.system.push(instruction);

  const tools = toAnthropicTools(request.tools);
  const toolChoice = tools
    ? toAnthropicToolChoice(request.tool_choice, request.parallel_tool_calls)
    : undefined;
  const plan = planThinking({
    model: options.upstreamModel,
    maxTokens: resolveMaxTokens(request, options.upstreamModel, options.defaultMaxTokens),
    reasoningEffort: request.reasoning_effort,
    explicitBudget: options.thinkingBudget,
    adapterEnabled: options.thinkingAdapterEnabled,
    budgetPercentage: options.thinkingBudgetPercentage,
    thinkingRefused: forcesToolUse(toolChoice) || continuesToolLoop(prompt.messages),
  });

  const body: Json = { model: plan.model, max_tokens: plan.maxTokens, messages: prompt.messages };
  if (prompt.system.length > 0) body.system = prompt.system.join('\n\n');
  if (tools) body.tools = tools;
  if (toolChoice) body.tool_choice = toolChoice;
  const stop = stopSequences(request.stop);
  if (stop) body.stop_sequences = stop;
  if (plan.thinking) body.thinking = plan.thinking;
  else Object.assign(body, sampling(request));
  if (asString(request.user) !== '') body.metadata = { user_id: request.user };
  if (request.stream === true) body.stream = true;
  return body;
}
