import { takesStreamUsageOption } from '../../call/endpoints.ts';
import { openAIRequestBody } from './openai-request-body.ts';
import { openAIBalance } from './openai-balance.ts';
import { takesStreamUsage } from './openai-channel-types.ts';
import { readOpenAIError } from './openai-error.ts';
import { OPENAI_MODEL_LISTING } from './openai-models.ts';
import { openAIPath } from './openai-path.ts';
import { openAITarget } from './openai-target.ts';
import { RefusedCall } from '../refused-call.ts';
import type { UpstreamTarget } from '../upstream-target.ts';
import type { ProviderFamily, UpstreamRequest } from '../provider-family.ts';
import { caught, thenNow } from '../../../cache/now-or-later.ts';

/**
 * OpenAI and every OpenAI-compatible API (one entry each in openai-channel-types.ts, with its own
 * paths and auth where it has them): calls in OpenAI's formats pass through; others arrive as chat.
 */
export const openAIFamily: ProviderFamily = {
  name: 'openai',
  format: 'openai',
  servesChat: true,
  // At once for a plain key: no promise between the call and its upstream request.
  request({ endpoint, body, channel, upstreamModel }) {
    const refused = (error: unknown) => {
      if (error instanceof RefusedCall) return error.message;
      throw error;
    };
    const withBody = (target: UpstreamTarget): UpstreamRequest | string => {
      const askUsage = takesStreamUsageOption(endpoint.kind) && takesStreamUsage(channel.type);
      return { ...target, body: openAIRequestBody(endpoint, body, upstreamModel, askUsage) };
    };
    return caught(() => thenNow(openAITarget(channel, openAIPath({ endpoint, body })), withBody), refused);
  },
  streamToChat: () => null,
  answerToChat: (answer) => ({ body: answer }),
  readError: readOpenAIError,
  models: OPENAI_MODEL_LISTING,
  balance: openAIBalance,
};
