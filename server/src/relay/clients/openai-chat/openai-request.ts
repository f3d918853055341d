import type { RelayBody } from '../../call/relay-body.ts';
import { invalidRequest, requireJsonObject } from '../../call/relay-error.ts';
import type { ClientCall } from '../client-adaptor.ts';
import { modelName, streamFlag, tokenCount } from '../request-fields.ts';

/**
 * A call to an OpenAI endpoint (chat, completions, embeddings, images…) read and checked: the body
 * is its own OpenAI shape, kept as it came; the model defaults to the endpoint's.
 */
export function readOpenAIRequest(call: ClientCall): RelayBody {
  const json = requireJsonObject(call.body);
  const model = modelName(json.model ?? call.endpoint.defaultModel, 'model is required');
  if (call.endpoint.kind === 'chat' && !Array.isArray(json.messages))
    throw invalidRequest('messages is required: a list of chat messages');
  const streamOptions = json.stream_options as { include_usage?: unknown } | undefined;
  return {
    model,
    stream: streamFlag(json.stream),
    clientWantsUsage: streamOptions?.include_usage === true,
    maxTokens: Math.max(
      tokenCount(json.max_tokens, 'max_tokens'),
      tokenCount(json.max_completion_tokens, 'max_completion_tokens'),
    ),
    json,
    clientFormat: 'openai',
  };
}
