import { dataIds } from '../data-ids.ts';
import type { ModelListing } from '../provider-family.ts';

/** GET {base}/v1/models with a bearer key, as OpenAI and the APIs that copy it list their models. */
export const OPENAI_MODEL_LISTING: ModelListing = {
  url: (base) => `${base}/v1/models`,
  headers: (key) => ({ authorization: `Bearer ${key}` }),
  ids: dataIds,
};
