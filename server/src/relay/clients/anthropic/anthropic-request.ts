import type { RelayBody } from '../../call/relay-body.ts';
import { invalidRequest, requireJsonObject } from '../../call/relay-error.ts';
import type { ClientCall } from '../client-adaptor.ts';
import { modelName, optionalObject, streamFlag, tokenCount } from '../request-fields.ts';
import { anthropicToOpenAIChat } from './anthropic-request-to-openai-chat.ts';

/** budget_tokens of enabled thinking (which must name one, as Anthropic's API requires). */
function thinkingBudget(raw: unknown): number | undefined {
  const thinking = optionalObject(raw, 'thinking');
  if (thinking?.type !== 'enabled') return undefined;
  const budget = thinking.budget_tokens;
  if (typeof budget !== 'number' || !Number.isSafeInteger(budget) || budget <= 0)
    throw invalidRequest(
      'thinking.budget_tokens: a whole number of tokens is required with enabled thinking',
    );
  return budget;
}

/**
 * A Messages API call (POST /v1/messages, and count_tokens) read and checked, in Anthropic's
 * wording: the client's body is kept for Claude channels, its chat form made for the others.
 */
export function readAnthropicRequest(call: ClientCall): RelayBody {
  const original = requireJsonObject(call.body);
  const model = modelName(original.model, 'model: field required');
  if (!Array.isArray(original.messages)) throw invalidRequest('messages: field required');
  const budget = thinkingBudget(original.thinking);
  return {
    model,
    stream: streamFlag(original.stream),
    clientWantsUsage: true,
    maxTokens: tokenCount(original.max_tokens, 'max_tokens'),
    json: anthropicToOpenAIChat(original),
    clientFormat: 'anthropic',
    original,
    thinkingBudget: budget,
    clientHeaders: {
      'anthropic-version': call.headers['anthropic-version'],
      'anthropic-beta': call.headers['anthropic-beta'],
    },
  };
}
