import { asArray, asObject } from '../../formats/json-read.ts';
import type { ModelListing } from '../provider-family.ts';

/**
 * Bedrock lists its models on another host (the control plane, bedrock.{region}.amazonaws.com
 * /foundation-models, signed for the `bedrock` service there), not on the runtime a channel calls:
 * the console is told the type has no model list, and models are entered by hand.
 */
export const BEDROCK_MODEL_LISTING: ModelListing = {
  url: () => null,
  headers: () => ({}),
  ids: (body) => {
    const models = asObject(body)?.modelSummaries;
    return Array.isArray(models) ? asArray(models).map((model) => asObject(model)?.modelId) : null;
  },
};
