import type { ModelListing } from '../provider-family.ts';

/**
 * Vertex has no small list of the models an account can call (its Model Garden lists thousands,
 * per publisher, and not what the account may use): the console says so and the models are typed
 * in. The headers are an API key's, for completeness; they are never sent.
 */
export const VERTEX_MODEL_LISTING: ModelListing = {
  url: () => null,
  headers: (key) => ({ 'x-goog-api-key': key }),
  ids: () => null,
};
