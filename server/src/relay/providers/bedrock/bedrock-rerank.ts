import type { RoutableChannel } from '../../../cache/channel-index.ts';
import { ownBaseUrlOr } from '../../../providers/channel-types.ts';
import { asArray, asObject } from '../../formats/json-read.ts';
import type { ConvertedAnswer, Json } from '../../formats/types.ts';
import { readRerankCall } from '../rerank-call.ts';
import type { UpstreamTarget } from '../upstream-target.ts';
import type { BedrockCredentials } from './bedrock-key.ts';
import { authorizedBedrockPost } from './bedrock-target.ts';

/** Bedrock Agent Runtime's host in a region: where Rerank is served (not the model runtime's). */
export const bedrockAgentRuntimeUrl = (region: string): string =>
  `https://bedrock-agent-runtime.${region}.amazonaws.com`;

/** A reranking model's ARN, as Rerank names its model: a model id in the channel's region, or an ARN as given. */
export const bedrockRerankModelArn = (model: string, region: string): string =>
  model.startsWith('arn:') ? model : `arn:aws:bedrock:${region}::foundation-model/${model}`;

/**
 * A rerank call (Jina's shape, as /v1/rerank takes it) as Bedrock's Rerank: the query and the
 * documents as inline texts, top_n as numberOfResults, the model by its ARN.
 */
export function toBedrockRerank(body: Json, modelArn: string): Json | string {
  const call = readRerankCall(body);
  if (typeof call === 'string') return call;
  const configuration: Json = { modelConfiguration: { modelArn } };
  if (call.topN !== undefined) configuration.numberOfResults = call.topN;
  return {
    queries: [{ type: 'TEXT', textQuery: { text: call.query } }],
    sources: call.documents.map((text) => ({
      type: 'INLINE',
      inlineDocumentSource: { type: 'TEXT', textDocument: { text } },
    })),
    rerankingConfiguration: { type: 'BEDROCK_RERANKING_MODEL', bedrockRerankingConfiguration: configuration },
  };
}

/** Whether an answer is Rerank's ({results: […]}), not a Converse answer. */
export const isBedrockRerank = (answer: Json): boolean => Array.isArray(answer.results);

/**
 * Rerank's answer in Jina's shape (what /v1/rerank answers): index and relevance score per
 * result. Bedrock reports no usage for it: the gateway counts the query and documents.
 */
export function bedrockRerankToJina(answer: Json): ConvertedAnswer {
  const results = asArray(answer.results).map((result) => {
    const { index, relevanceScore } = asObject(result) ?? {};
    return { index, relevance_score: relevanceScore };
  });
  return { body: { results } };
}

/**
 * The Rerank request: POST {base}/rerank under the channel's base URL (a proxy) or the region's
 * agent-runtime host, authorized as every Bedrock call.
 */
export function bedrockRerankTarget(
  channel: RoutableChannel,
  credentials: BedrockCredentials,
  body: Json,
): Promise<UpstreamTarget & { body: string }> {
  const base = ownBaseUrlOr(channel.row.base_url, bedrockAgentRuntimeUrl(credentials.region));
  return authorizedBedrockPost(channel, credentials, `${base}/rerank`, JSON.stringify(body));
}
