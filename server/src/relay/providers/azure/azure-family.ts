import { takesStreamUsageOption } from '../../call/endpoints.ts';
import { openAIRequestBody } from '../openai/openai-request-body.ts';
import { readErrorGenerically } from '../error-reading.ts';
import { openAIPath } from '../openai/openai-path.ts';
import type { ProviderFamily } from '../provider-family.ts';
import { azureTarget } from './azure-target.ts';
import { AZURE_MODEL_LISTING } from './azure-models.ts';

/** Azure OpenAI: OpenAI's API behind a resource's deployments; only the target and the model list differ. */
export const azureFamily: ProviderFamily = {
  name: 'azure',
  format: 'openai',
  servesChat: true,
  request({ endpoint, body, channel, upstreamModel }) {
    const target = azureTarget(channel, openAIPath({ endpoint, body }), upstreamModel);
    const askUsage = takesStreamUsageOption(endpoint.kind);
    return { ...target, body: openAIRequestBody(endpoint, body, upstreamModel, askUsage) };
  },
  streamToChat: () => null,
  answerToChat: (answer) => ({ body: answer }),
  readError: readErrorGenerically,
  models: AZURE_MODEL_LISTING,
  balance: () => undefined,
};
