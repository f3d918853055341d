import { dataIds } from '../data-ids.ts';
import type { ModelListing } from '../provider-family.ts';

/** An Azure OpenAI resource lists its models OpenAI's way, with the key in `api-key`. */
export const AZURE_MODEL_LISTING: ModelListing = {
  url: (base) => `${base}/v1/models`,
  headers: (key) => ({ 'api-key': key }),
  ids: dataIds,
};
