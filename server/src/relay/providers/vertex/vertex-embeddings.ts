import { asArray, asNumber, asObject, asObjects } from '../../formats/json-read.ts';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';

/**
 * OpenAI's embeddings call as Vertex's :predict for its text-embedding models: one instance per
 * text, the dimensions as outputDimensionality. Token arrays are refused: Vertex takes text only.
 */
export function toVertexEmbed(body: Json): Json | string {
  const input = typeof body.input === 'string' ? [body.input] : asArray(body.input);
  if (input.length === 0 || !input.every((text) => typeof text === 'string'))
    return 'a Vertex AI channel embeds text only: input must be a string or a list of strings';
  const request: Json = { instances: input.map((content) => ({ content })) };
  if (typeof body.dimensions === 'number') request.parameters = { outputDimensionality: body.dimensions };
  return request;
}

/** Whether an answer is :predict's ({predictions: […]}), not a chat answer. */
export const isVertexPredictions = (answer: Json): boolean => Array.isArray(answer.predictions);

/**
 * Vertex's predictions as OpenAI's list of embeddings (float arrays), billed by the tokens Vertex
 * counted for each text (statistics.token_count).
 */
export function vertexEmbedToOpenAI(answer: Json, upstreamModel: string): ConvertedAnswer {
  const embeddings = asObjects(answer.predictions).map((prediction) => asObject(prediction.embeddings) ?? {});
  const tokens = embeddings.reduce(
    (sum, embedding) => sum + (asNumber(asObject(embedding.statistics)?.token_count) ?? 0),
    0,
  );
  const body: Json = {
    object: 'list',
    data: embeddings.map((embedding, index) => ({
      object: 'embedding',
      index,
      embedding: asArray(embedding.values),
    })),
    model: upstreamModel,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
  return {
    body,
    usage: { promptTokens: tokens, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 },
  };
}
