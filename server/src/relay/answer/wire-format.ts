import { clientAdaptor } from '../clients/registry.ts';
import type { ClientFormat, WireFormat } from '../formats/format-names.ts';
import type { Json, StreamConverter } from '../formats/types.ts';
import type { Usage } from './usage.ts';

/** The client format's part of a call, through its adaptor in the client registry. */

/** The channel format a client's calls pass through to unconverted. */
export const clientWire = (format: ClientFormat): WireFormat => clientAdaptor(format).wire;

/** Converts OpenAI chunks to the client's stream; null when the client speaks OpenAI. */
export function streamToClient(
  format: ClientFormat,
  requestedModel: string,
  /** The input's usage as far as known before the answer's end (Anthropic's message_start reports it). */
  promptUsage?: () => Usage | undefined,
  /** The client's own request, in its format (a Responses object repeats its settings). */
  request?: Json,
): StreamConverter | null {
  return clientAdaptor(format).streamFromChat(requestedModel, promptUsage, request);
}

/** An OpenAI chat completion as the client's format expects it. */
export function answerToClient(
  format: ClientFormat,
  canonical: Json,
  requestedModel: string,
  request?: Json,
): Json {
  return clientAdaptor(format).answerFromChat(canonical, requestedModel, request);
}
