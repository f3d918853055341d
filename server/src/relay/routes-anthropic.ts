import type { FastifyInstance } from 'fastify';
import { callerOf } from './caller.ts';
import type { Endpoint } from './endpoints.ts';
import { anthropicToOpenAIChat } from './clients/anthropic/anthropic-request-to-openai-chat.ts';
import { relayCall, type RelayRuntime } from './pipeline.ts';
import { countPromptTokens } from './token-counter.ts';
import type { RelayBody } from './relay-body.ts';
import { invalidRequest, requireJsonObject } from './relay-error.ts';

const MESSAGES: Endpoint = { path: '/v1/messages', kind: 'chat' };

/** budget_tokens of enabled thinking. */
function explicitBudget(thinking: unknown): number | undefined {
  const value = thinking as { type?: unknown; budget_tokens?: unknown } | undefined;
  return value?.type === 'enabled' && typeof value.budget_tokens === 'number' && value.budget_tokens > 0
    ? value.budget_tokens
    : undefined;
}

function readAnthropicBody(raw: unknown, headers: Record<string, string | string[] | undefined>): RelayBody {
  const original = requireJsonObject(raw);
  if (typeof original.model !== 'string' || original.model.trim() === '') {
    throw invalidRequest('model: field required');
  }
  if (!Array.isArray(original.messages)) {
    throw invalidRequest('messages: field required');
  }
  return {
    model: original.model.trim(),
    stream: original.stream === true,
    clientWantsUsage: true,
    maxTokens: typeof original.max_tokens === 'number' ? original.max_tokens : 0,
    json: anthropicToOpenAIChat(original),
    clientFormat: 'anthropic',
    original,
    thinkingBudget: explicitBudget(original.thinking),
    clientHeaders: {
      'anthropic-version': headers['anthropic-version'],
      'anthropic-beta': headers['anthropic-beta'],
    },
  };
}

/** POST /v1/messages: Anthropic's Messages API, served by any channel (passed through to Claude channels). */
export async function anthropicRoutes(app: FastifyInstance, runtime: RelayRuntime): Promise<void> {
  const options = { bodyLimit: app.config.maxRequestBodyBytes, config: { format: 'anthropic' } };
  app.post('/v1/messages', options, async (request, reply) => {
    const caller = callerOf(request);
    const body = readAnthropicBody(request.body, request.headers);
    return relayCall(app, runtime, request, reply, MESSAGES, caller, body);
  });
  // Counted here with the gateway's tokenizer, whatever channel would serve the model; not billed.
  app.post('/v1/messages/count_tokens', options, async (request) => {
    const body = readAnthropicBody(request.body, request.headers);
    return { input_tokens: await countPromptTokens(body.json!) };
  });
}
