import { clientAdaptor, type ClientFormat } from './clients/registry.ts';
import { familyOf, providerFor } from './providers/registry.ts';
import type { Usage } from './usage.ts';
import type { ChunkSource, ConvertedAnswer, Json, StreamConverter } from './formats/types.ts';

/** The three wire formats the gateway speaks; OpenAI chat is the one everything converts through. */
export type WireFormat = 'openai' | 'anthropic' | 'gemini';

/** What a client may speak: a name in the client registry (clients/registry.ts). */
export type { ClientFormat };

/** The channel format a client's calls pass through to unconverted. */
export const clientWire = (format: ClientFormat): WireFormat => clientAdaptor(format).wire;

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
  return clientAdaptor(format).streamFromChat(requestedModel, promptUsage);
}

/** A channel's whole answer as an OpenAI chat completion with its usage. */
export function answerFromChannel(format: WireFormat, answer: Json, model: string): ConvertedAnswer {
  return familyOf(format).answerToChat(answer, model);
}

/** An OpenAI chat completion as the client's format expects it. */
export function answerToClient(format: ClientFormat, canonical: Json, requestedModel: string): Json {
  return clientAdaptor(format).answerFromChat(canonical, requestedModel);
}
