import { anthropicChatRequest } from '../anthropic/anthropic-family.ts';
import { geminiChatRequest } from '../gemini/gemini-family.ts';
import { geminiThinkingFromModel } from '../gemini/openai-chat-to-gemini.ts';
import type { Json } from '../../formats/types.ts';
import type { ChannelFormat, PassThroughQuestion, RequestInput } from '../provider-family.ts';
import { toVertexEmbed } from './vertex-embeddings.ts';
import { publisherOf, vertexClaudeModel, type VertexPublisher } from './vertex-target.ts';

/** The Messages API version Anthropic's models on Vertex take, in the body instead of a header. */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

/** One call to a Vertex model: the model's Vertex name, its publisher, the action, the body. */
export interface VertexPlan {
  model: string;
  publisher: VertexPublisher;
  action: string;
  body: Json;
}

/** Anthropic's Messages body as Vertex takes it: anthropic_version in it, the model only in the URL. */
export function vertexClaudeBody(messages: Json): Json {
  const { model: _model, ...rest } = messages;
  return { anthropic_version: VERTEX_ANTHROPIC_VERSION, ...rest };
}

/**
 * What to send to Vertex for a call: embeddings through Google's :predict; chat (through the chat
 * core, or a Gemini client's own body) to Claude models as Anthropic's Messages body (rawPredict,
 * streamRawPredict), to every other model as Gemini's (generateContent, streamGenerateContent).
 * A string says why the call cannot be served.
 */
export function vertexPlan(input: RequestInput): VertexPlan | string {
  const { settings, endpoint, body, upstreamModel } = input;
  if (endpoint.kind === 'embedding') {
    const embed = toVertexEmbed(body.json ?? {});
    if (typeof embed === 'string') return embed;
    return { model: upstreamModel, publisher: 'google', action: 'predict', body: embed };
  }
  const chat = input.chat();
  if (chat === undefined) return `a Vertex AI channel cannot serve ${endpoint.path}`;
  if (typeof chat === 'string') return chat;
  if (publisherOf(upstreamModel) === 'anthropic') {
    const messages = anthropicChatRequest(settings, chat, upstreamModel, body.thinkingBudget);
    return {
      model: vertexClaudeModel(String(messages.model ?? upstreamModel)),
      publisher: 'anthropic',
      action: body.stream ? 'streamRawPredict?alt=sse' : 'rawPredict',
      body: vertexClaudeBody(messages),
    };
  }
  return {
    model: geminiThinkingFromModel(upstreamModel).model,
    publisher: 'google',
    action: body.stream ? 'streamGenerateContent?alt=sse' : 'generateContent',
    // A Gemini client's own body goes as it came, as the Gemini family passes it (vertexAnswerFormat).
    body: input.native?.body ?? geminiChatRequest(settings, chat, upstreamModel, body.thinkingBudget),
  };
}

/**
 * Vertex's generateContent takes the Gemini API's own body and answers as it does: a Gemini
 * client's chat call to a Google model passes through (its body sent, its answer and stream given
 * back unconverted); every other call is converted.
 */
export const vertexAnswerFormat = ({ wire, endpoint, upstreamModel }: PassThroughQuestion): ChannelFormat =>
  wire === 'gemini' && endpoint.kind === 'chat' && publisherOf(upstreamModel) === 'google'
    ? 'gemini'
    : 'vertex';
