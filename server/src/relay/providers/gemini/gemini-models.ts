import type { ModelListing } from '../provider-family.ts';

/** GET {base}/v1beta/models (one page of up to 1000) with x-goog-api-key: {models: [{name: "models/…"}]}. */
export const GEMINI_MODEL_LISTING: ModelListing = {
  url: (base) => `${base}/v1beta/models?pageSize=1000`,
  headers: (key) => ({ 'x-goog-api-key': key }),
  ids: (body) => {
    const models = (body as { models?: unknown } | null)?.models;
    return Array.isArray(models)
      ? models.map((m) => String((m as { name?: unknown } | null)?.name ?? '').replace(/^models\//, ''))
      : null;
  },
};
