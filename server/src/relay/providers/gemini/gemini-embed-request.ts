import type { GeminiEmbedAction } from '../../call/endpoints.ts';
import { asObjects } from '../../formats/json-read.ts';
import type { Json } from '../../formats/types.ts';

/** The body for a Gemini channel: the client's own, each batch request naming the upstream model. */
export function geminiEmbedUpstream(original: Json, action: GeminiEmbedAction, upstreamModel: string): Json {
  if (action === 'embedContent') return original;
  const requests = asObjects(original.requests).map((request) => ({
    ...request,
    model: `models/${upstreamModel}`,
  }));
  return { ...original, requests };
}
