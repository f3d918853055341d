import { takesStreamUsageOption } from '../../call/endpoints.ts';
import { openAIRequestBody } from './openai-request-body.ts';
import type { ProviderFamily } from '../provider-family.ts';
import { openAIBalance } from './openai-balance.ts';
import { takesStreamUsage } from './openai-channel-types.ts';
import { readOpenAIError } from './openai-error.ts';
import { OPENAI_MODEL_LISTING } from './openai-models.ts';
import { openAIPath } from './openai-path.ts';
import { openAITarget } from './openai-target.ts';
import { RefusedCall } from '../refused-call.ts';

/**
 * OpenAI and every OpenAI-compatible API (one entry each in openai-channel-types.ts, with its own
 * paths and auth where it has them): calls in OpenAI's formats pass through; others arrive as chat.
 */
export const openAIFamily: ProviderFamily = {
  name: 'openai',
  format: 'openai',
  servesChat: true,
  async request({ endpoint, body, channel, upstreamModel }) {
    try {
      const target = await openAITarget(channel, openAIPath({ endpoint, body }));
      const askUsage = takesStreamUsageOption(endpoint.kind) && takesStreamUsage(channel.type);
      return { ...target, body: openAIRequestBody(endpoint, body, upstreamModel, askUsage) };
    } catch (error) {
      if (error instanceof RefusedCall) return error.message;
      throw error;
    }
  },
  streamToChat: () => null,
  answerToChat: (answer) => ({ body: answer }),
  readError: readOpenAIError,
  models: OPENAI_MODEL_LISTING,
  balance: openAIBalance,
};
