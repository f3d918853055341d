import { asArray, asObject, asString } from '../../formats/json-read.ts';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';
import { readRerankCall } from '../rerank-call.ts';
import { fromCohereUsage } from './cohere-usage.ts';

/**
 * OpenAI's embeddings call as Cohere's v2 embed: the texts as documents to search (v3 models
 * require an input type), float vectors, or base64 ones when the caller asks (OpenAI's SDKs do by
 * default, and decode them), the dimensions kept. Token arrays are refused: Cohere takes text only.
 */
export function toCohereEmbed(body: Json, upstreamModel: string): Json | string {
  const input = typeof body.input === 'string' ? [body.input] : asArray(body.input);
  if (input.length === 0 || !input.every((text) => typeof text === 'string'))
    return 'a cohere channel embeds text only: input must be a string or a list of strings';
  const request: Json = {
    model: upstreamModel,
    texts: input,
    input_type: asString(body.input_type) || 'search_document',
    embedding_types: [body.encoding_format === 'base64' ? 'base64' : 'float'],
  };
  if (typeof body.dimensions === 'number') request.output_dimension = body.dimensions;
  return request;
}

/** Cohere's embed answer as OpenAI's list of embeddings (float arrays, or base64 strings as asked). */
export function cohereEmbedToOpenAI(answer: Json, upstreamModel: string): ConvertedAnswer {
  const embeddings = asObject(answer.embeddings);
  const vectors = asArray(embeddings?.float ?? embeddings?.base64 ?? answer.embeddings);
  const usage = fromCohereUsage(asObject(answer.meta));
  const body: Json = {
    object: 'list',
    data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
    model: upstreamModel,
  };
  if (usage) body.usage = { prompt_tokens: usage.promptTokens, total_tokens: usage.promptTokens };
  return { body, usage };
}

/** A rerank call (Jina's shape, as /v1/rerank takes it) as Cohere's v2 rerank: documents as text. */
export function toCohereRerank(body: Json, upstreamModel: string): Json | string {
  const call = readRerankCall(body);
  if (typeof call === 'string') return call;
  const request: Json = { model: upstreamModel, query: call.query, documents: call.documents };
  if (call.topN !== undefined) request.top_n = call.topN;
  return request;
}

/**
 * Cohere's rerank answer in Jina's shape (what /v1/rerank answers): index and relevance score per
 * result. Cohere reports search units, not tokens: the gateway counts the query and documents.
 */
export function cohereRerankToJina(answer: Json): ConvertedAnswer {
  const results = asArray(answer.results).map((result) => {
    const { index, relevance_score } = asObject(result) ?? {};
    return { index, relevance_score };
  });
  return { body: { id: asString(answer.id), results } };
}
