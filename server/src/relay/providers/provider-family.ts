import type { OptionsCache } from '../../cache/options-cache.ts';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { StreamedBody } from '../../http/multipart-body.ts';
import type { Endpoint } from '../endpoints.ts';
import type { ChunkSource, ConvertedAnswer, Json } from '../formats/types.ts';
import type { RelayBody } from '../relay-body.ts';
import type { WireFormat } from '../wire-format.ts';
import type { UpstreamTarget } from './openai/openai-target.ts';

/** One call to one channel: where, with which headers, and the body in the channel's format. */
export interface UpstreamRequest extends UpstreamTarget {
  body: string | StreamedBody;
  format: WireFormat;
}

export interface RequestInput {
  settings: OptionsCache;
  endpoint: Endpoint;
  body: RelayBody;
  channel: RoutableChannel;
  upstreamModel: string;
  /** The call as OpenAI chat (converted on demand); a string says why it cannot be; undefined if it is no chat. */
  chat: () => Json | string | undefined;
}

/**
 * What a provider family does for the relay, behind one interface: build the request for a
 * channel (from the OpenAI-chat core, or the client's own body when it speaks the family's
 * format), and turn its answers and streams back into the chat core. The registry maps channel
 * types to families; nothing outside a family's folder switches on its vendor.
 */
export interface ProviderFamily {
  /** The wire format the family's channels speak. */
  readonly format: WireFormat;
  /** The request for one channel, or why it cannot serve the call. */
  request(input: RequestInput): UpstreamRequest | string;
  /** The channel's stream as chat chunks; null when the channel streams OpenAI chat itself. */
  streamToChat(upstreamModel: string): ChunkSource | null;
  /** The channel's whole answer as a chat completion with its usage. */
  answerToChat(answer: Json, upstreamModel: string): ConvertedAnswer;
}
