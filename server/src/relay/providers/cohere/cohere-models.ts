import { asArray, asObject } from '../../formats/json-read.ts';
import type { ModelListing } from '../provider-family.ts';

/** GET {base}/v1/models (up to 1000) with the Bearer key: {models: [{name, endpoints, …}]}. */
export const COHERE_MODEL_LISTING: ModelListing = {
  url: (base) => `${base}/v1/models?page_size=1000`,
  headers: (key) => ({ authorization: `Bearer ${key}` }),
  ids: (body) => {
    const models = asObject(body)?.models;
    return Array.isArray(models) ? asArray(models).map((model) => asObject(model)?.name) : null;
  },
};
