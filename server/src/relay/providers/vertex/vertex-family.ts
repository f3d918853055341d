import { AnthropicToOpenAIChatStream } from '../anthropic/anthropic-stream-to-openai-chat.ts';
import { fromAnthropicMessage } from '../anthropic/anthropic-to-openai-chat.ts';
import { GeminiToOpenAIChatStream } from '../gemini/gemini-stream-to-openai-chat.ts';
import { fromGeminiResponse } from '../gemini/gemini-to-openai-chat.ts';
import type { ProviderFamily } from '../provider-family.ts';
import { RefusedCall } from '../refused-call.ts';
import { isVertexPredictions, vertexEmbedToOpenAI } from './vertex-embeddings.ts';
import { readVertexError } from './vertex-error.ts';
import { VERTEX_MODEL_LISTING } from './vertex-models.ts';
import { vertexAnswerFormat, vertexPlan } from './vertex-request.ts';
import { publisherOf, vertexTarget } from './vertex-target.ts';

/** A client's anthropic-beta header, passed on to Claude models as Anthropic's API takes it. */
function betaHeader(
  headers: Record<string, string | string[] | undefined> | undefined,
): Record<string, string> {
  const beta = headers?.['anthropic-beta'];
  return typeof beta === 'string' ? { 'anthropic-beta': beta } : {};
}

/**
 * Google Vertex AI (type 41): Gemini models through generateContent, Claude models through
 * Anthropic's rawPredict, text-embedding models through predict; Gemini clients' chat calls to
 * Gemini models passed through, every other call converted through the chat core. Authenticated with a service account's OAuth token (new-api's JSON key)
 * or an API key.
 */
export const vertexFamily: ProviderFamily = {
  name: 'vertex',
  format: 'vertex',
  servesChat: true,
  answersIn: vertexAnswerFormat,
  async request(input) {
    const plan = vertexPlan(input);
    if (typeof plan === 'string') return plan;
    try {
      const target = await vertexTarget({
        ...plan,
        channel: input.channel,
        requestedModel: input.body.model,
        dispatcher: input.dispatcher,
      });
      const headers =
        plan.publisher === 'anthropic'
          ? { ...target.headers, ...betaHeader(input.body.clientHeaders) }
          : target.headers;
      return { url: target.url, headers, body: JSON.stringify(plan.body) };
    } catch (error) {
      if (error instanceof RefusedCall) return error.message;
      throw error;
    }
  },
  streamToChat: (upstreamModel) =>
    publisherOf(upstreamModel) === 'anthropic'
      ? new AnthropicToOpenAIChatStream()
      : new GeminiToOpenAIChatStream(upstreamModel),
  answerToChat(answer, upstreamModel) {
    if (isVertexPredictions(answer)) return vertexEmbedToOpenAI(answer, upstreamModel);
    return publisherOf(upstreamModel) === 'anthropic'
      ? fromAnthropicMessage(answer)
      : fromGeminiResponse(answer, upstreamModel);
  },
  readError: readVertexError,
  models: VERTEX_MODEL_LISTING,
  balance: () => undefined,
};
