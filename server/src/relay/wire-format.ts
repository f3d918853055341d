import { familyOf, providerFor } from './providers/registry.ts';
import { openAIChatToAnthropic } from './clients/anthropic/openai-chat-to-anthropic-message.ts';
import { OpenAIChatToAnthropicStream } from './clients/anthropic/openai-chat-stream-to-anthropic.ts';
import { openAIChatToGemini } from './clients/gemini/openai-chat-to-gemini-response.ts';
import { OpenAIChatToGeminiStream } from './clients/gemini/openai-chat-stream-to-gemini.ts';
import type { Usage } from './usage.ts';
import type { ChunkSource, ConvertedAnswer, Json, StreamConverter } from './formats/types.ts';
import { chatToResponsesAnswer } from './clients/responses/chat-to-responses-answer.ts';
import { ChatToResponsesStream } from './clients/responses/chat-stream-to-responses.ts';

/** The three wire formats the gateway speaks; OpenAI chat is the one everything converts through. */
export type WireFormat = 'openai' | 'anthropic' | 'gemini';

/** What a client may speak: a wire format, or OpenAI's Responses API (passed as it is to OpenAI channels). */
export type ClientFormat = WireFormat | 'responses';

/** The channel format a client's calls pass through to unconverted. */
export const clientWire = (format: ClientFormat): WireFormat => (format === 'responses' ? 'openai' : format);

/** The wire format a channel speaks: its family's, by the registry. */
export const channelFormat = (type: number): WireFormat => providerFor(type).format;

/** Converts a channel's stream to OpenAI chunks; null when the channel already speaks OpenAI. */
export function streamFromChannel(format: WireFormat, model: string): ChunkSource | null {
  return familyOf(format).streamToChat(model);
}

/** Converts OpenAI chunks to the client's stream; null when the client speaks OpenAI. */
export function streamToClient(
  format: ClientFormat,
  requestedModel: string,
  /** The input's usage as far as known before the answer's end (Anthropic's message_start reports it). */
  promptUsage?: () => Usage | undefined,
): StreamConverter | null {
  if (format === 'responses') return new ChatToResponsesStream(requestedModel);
  if (format === 'anthropic') return new OpenAIChatToAnthropicStream(requestedModel, promptUsage);
  if (format === 'gemini') return new OpenAIChatToGeminiStream(requestedModel);
  return null;
}

/** A channel's whole answer as an OpenAI chat completion with its usage. */
export function answerFromChannel(format: WireFormat, answer: Json, model: string): ConvertedAnswer {
  return familyOf(format).answerToChat(answer, model);
}

/** An OpenAI chat completion as the client's format expects it. */
export function answerToClient(format: ClientFormat, canonical: Json, requestedModel: string): Json {
  if (format === 'responses') return chatToResponsesAnswer(canonical, requestedModel);
  if (format === 'anthropic') return openAIChatToAnthropic(canonical, requestedModel).body;
  if (format === 'gemini') return openAIChatToGemini(canonical, requestedModel).body;
  return canonical;
}
