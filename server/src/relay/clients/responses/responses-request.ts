import type { RelayBody } from '../../call/relay-body.ts';
import { invalidRequest, requireJsonObject } from '../../call/relay-error.ts';
import type { ClientCall } from '../client-adaptor.ts';
import { modelName, streamFlag, tokenCount } from '../request-fields.ts';

/**
 * A Responses API call read and checked. The body is kept as it came: OpenAI channels get it
 * passed through, others its chat form (responsesToChat), built only when such a channel is tried.
 */
export function readResponsesRequest(call: ClientCall): RelayBody {
  const json = requireJsonObject(call.body);
  const model = modelName(json.model, 'model is required');
  const input = json.input;
  if (input !== undefined && input !== null && typeof input !== 'string' && !Array.isArray(input))
    throw invalidRequest('input must be a string or a list of input items');
  const streamOptions = json.stream_options as { include_usage?: unknown } | undefined;
  return {
    model,
    stream: streamFlag(json.stream),
    clientWantsUsage: streamOptions?.include_usage === true,
    maxTokens: tokenCount(json.max_output_tokens, 'max_output_tokens'),
    json,
    clientFormat: 'responses',
  };
}
