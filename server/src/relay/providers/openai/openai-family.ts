import { takesStreamUsageOption } from '../../endpoints.ts';
import { upstreamBody } from '../../relay-body.ts';
import { clientWire } from '../../wire-format.ts';
import type { ProviderFamily, RequestInput } from '../provider-family.ts';
import { openAIBalance } from './openai-balance.ts';
import { OPENAI_COMPATIBLE_TYPES, takesStreamUsage } from './openai-channel-types.ts';
import { readOpenAIError } from './openai-error.ts';
import { OPENAI_MODEL_LISTING } from './openai-models.ts';
import { openAITarget } from './openai-target.ts';

/** The path an OpenAI-format upstream is called on: the client's own, or chat for a call converted to it. */
export function openAIPath({ endpoint, body }: Pick<RequestInput, 'endpoint' | 'body'>): string {
  // A call converted from another format is an OpenAI chat completion (or embedding) by now.
  return clientWire(body.clientFormat) === 'openai' || endpoint.kind !== 'chat'
    ? endpoint.path
    : '/v1/chat/completions';
}

/** OpenAI and every OpenAI-compatible API: calls in OpenAI's formats pass through; others arrive as chat. */
export const openAIFamily: ProviderFamily = {
  name: 'openai',
  format: 'openai',
  channelTypes: OPENAI_COMPATIBLE_TYPES,
  servesChat: true,
  request({ endpoint, body, channel, upstreamModel }) {
    const target = openAITarget(channel, openAIPath({ endpoint, body }));
    const askUsage = takesStreamUsageOption(endpoint.kind) && takesStreamUsage(channel.type);
    return { ...target, body: upstreamBody(endpoint, body, upstreamModel, askUsage), format: 'openai' };
  },
  streamToChat: () => null,
  answerToChat: (answer) => ({ body: answer }),
  readError: readOpenAIError,
  models: OPENAI_MODEL_LISTING,
  balance: openAIBalance,
};
