import { takesStreamUsageOption } from '../../endpoints.ts';
import { openAIRequestBody } from './openai-request-body.ts';
import type { ProviderFamily } from '../provider-family.ts';
import { openAIBalance } from './openai-balance.ts';
import { OPENAI_COMPATIBLE_TYPES, takesStreamUsage } from './openai-channel-types.ts';
import { readOpenAIError } from './openai-error.ts';
import { OPENAI_MODEL_LISTING } from './openai-models.ts';
import { openAIPath } from './openai-path.ts';
import { openAITarget } from './openai-target.ts';

/** OpenAI and every OpenAI-compatible API: calls in OpenAI's formats pass through; others arrive as chat. */
export const openAIFamily: ProviderFamily = {
  name: 'openai',
  format: 'openai',
  channelTypes: OPENAI_COMPATIBLE_TYPES,
  servesChat: true,
  request({ endpoint, body, channel, upstreamModel }) {
    const target = openAITarget(channel, openAIPath({ endpoint, body }));
    const askUsage = takesStreamUsageOption(endpoint.kind) && takesStreamUsage(channel.type);
    return { ...target, body: openAIRequestBody(endpoint, body, upstreamModel, askUsage) };
  },
  streamToChat: () => null,
  answerToChat: (answer) => ({ body: answer }),
  readError: readOpenAIError,
  models: OPENAI_MODEL_LISTING,
  balance: openAIBalance,
};
