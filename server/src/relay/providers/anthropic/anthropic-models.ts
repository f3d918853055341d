import { dataIds } from '../data-ids.ts';
import type { ModelListing } from '../provider-family.ts';
import { ANTHROPIC_VERSION } from './anthropic-target.ts';

/** GET {base}/v1/models (one page of up to 1000) with x-api-key: {data: [{id, display_name, …}]}. */
export const ANTHROPIC_MODEL_LISTING: ModelListing = {
  url: (base) => `${base}/v1/models?limit=1000`,
  headers: (key) => ({ 'x-api-key': key, 'anthropic-version': ANTHROPIC_VERSION }),
  ids: dataIds,
};
