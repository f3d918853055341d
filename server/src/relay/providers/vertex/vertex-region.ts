/** The region a channel without one uses: Vertex's global endpoint. */
export const DEFAULT_REGION = 'global';

/**
 * The region for a model, from the channel's `other` as new-api keeps it: a plain region
 * ("us-east5"), or a JSON object of model → region with a `default` entry
 * ({"default": "us-central1", "claude-sonnet-4-5": "us-east5"}); global when neither names one.
 * The model is looked up by each name given in turn (the one the client asked for, as new-api
 * does, then the channel's mapped name).
 */
export function vertexRegion(other: string | null | undefined, ...models: string[]): string {
  const text = (other ?? '').trim();
  if (!text.startsWith('{')) return text || DEFAULT_REGION;
  try {
    const regions = JSON.parse(text) as Record<string, unknown>;
    const named = models.find((model) => typeof regions[model] === 'string');
    const chosen = named === undefined ? regions.default : regions[named];
    return typeof chosen === 'string' && chosen.trim() !== '' ? chosen.trim() : DEFAULT_REGION;
  } catch {
    return DEFAULT_REGION;
  }
}

/** Vertex's host for a region: aiplatform.googleapis.com for global, else {region}-aiplatform.googleapis.com. */
export const vertexHost = (region: string): string =>
  region === DEFAULT_REGION
    ? 'https://aiplatform.googleapis.com'
    : `https://${region}-aiplatform.googleapis.com`;
