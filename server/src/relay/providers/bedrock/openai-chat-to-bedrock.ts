import { asArray, asNumber, asObject, asObjects, asString } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';
import { planThinking } from '../anthropic/anthropic-thinking.ts';
import { isClaudeModelId } from './bedrock-model-id.ts';
import { toBedrockPrompt } from './bedrock-messages.ts';

export interface BedrockRequestOptions {
  /** The Bedrock model id called (it decides whether Claude's thinking settings apply). */
  modelId: string;
  /** The client's own thinking budget in tokens (Anthropic budget_tokens, Gemini thinkingBudget). */
  thinkingBudget?: number;
}

/** Claude on Bedrock needs room to answer beyond its thinking budget: max_tokens when the client gave none. */
const THINKING_MAX_TOKENS = 8192;

/** OpenAI function tools as Converse toolSpecs. */
const toolSpecs = (tools: unknown): Json[] =>
  asObjects(tools).flatMap((tool) => {
    const fn = asObject(tool.function);
    if (tool.type !== 'function' || !fn) return [];
    const spec: Json = {
      name: asString(fn.name),
      inputSchema: { json: asObject(fn.parameters) ?? { type: 'object', properties: {} } },
    };
    if (typeof fn.description === 'string' && fn.description !== '') spec.description = fn.description;
    return [{ toolSpec: spec }];
  });

/** tool_choice: auto, any tool (required), or one named tool; none leaves the choice to the model. */
function toolChoice(choice: unknown): Json | undefined {
  if (choice === 'auto') return { auto: {} };
  if (choice === 'required') return { any: {} };
  const name = asString(asObject(asObject(choice)?.function)?.name);
  return name !== '' ? { tool: { name } } : undefined;
}

const maxTokensOf = (request: Json): number | undefined =>
  asNumber(request.max_completion_tokens) ?? asNumber(request.max_tokens);

/** Claude's extended thinking, from reasoning_effort or the client's budget; undefined when off or not Claude. */
function claudeThinking(
  request: Json,
  options: BedrockRequestOptions,
): { thinking: Json; maxTokens: number } | undefined {
  if (!isClaudeModelId(options.modelId)) return undefined;
  const effort = request.reasoning_effort ?? (options.thinkingBudget !== undefined ? 'medium' : undefined);
  const plan = planThinking({
    model: options.modelId,
    maxTokens: maxTokensOf(request) ?? THINKING_MAX_TOKENS,
    reasoningEffort: effort,
    explicitBudget: options.thinkingBudget,
    adapterEnabled: false,
    budgetPercentage: 0,
    thinkingRefused: false,
  });
  return plan.thinking ? { thinking: plan.thinking, maxTokens: plan.maxTokens } : undefined;
}

const defined = (object: Json): Json =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

/**
 * An OpenAI chat completions request as a Converse request body (POST /model/{id}/converse and
 * converse-stream take the same): messages and system blocks, toolConfig, inferenceConfig
 * (maxTokens, temperature, topP, stopSequences), and for Claude its thinking settings in
 * additionalModelRequestFields (temperature and topP are left out then, as Claude refuses them
 * with thinking). A part Converse cannot take gives the reason instead.
 */
export function toBedrockConverse(request: Json, options: BedrockRequestOptions): Json | string {
  const prompt = toBedrockPrompt(request.messages);
  if (typeof prompt === 'string') return prompt;
  const thinking = claudeThinking(request, options);
  const stop = typeof request.stop === 'string' ? [request.stop] : asArray(request.stop);
  const inferenceConfig = defined({
    maxTokens: thinking?.maxTokens ?? maxTokensOf(request),
    temperature: thinking ? undefined : asNumber(request.temperature),
    topP: thinking ? undefined : asNumber(request.top_p),
    stopSequences: stop.length > 0 ? stop : undefined,
  });
  const tools = toolSpecs(request.tools);
  const choice = toolChoice(request.tool_choice);
  return defined({
    messages: prompt.messages,
    system: prompt.system.length > 0 ? prompt.system : undefined,
    inferenceConfig: Object.keys(inferenceConfig).length > 0 ? inferenceConfig : undefined,
    toolConfig: tools.length > 0 ? defined({ tools, toolChoice: choice }) : undefined,
    additionalModelRequestFields: thinking ? { thinking: thinking.thinking } : undefined,
  });
}
