import type { ChannelBalance } from '@relaygate/contract';
import type { Dispatcher } from 'undici';
import type { OptionsCache } from '../../cache/options-cache.ts';
import type { FamilyName } from '../../providers/channel-types.ts';
import type { RoutableChannel } from '../../cache/channel-index.ts';
import type { StreamedBody } from '../../http/multipart-body.ts';
import type { UpstreamAccess } from '../../net/upstream-json.ts';
import type { Endpoint } from '../call/endpoints.ts';
import type { ChunkSource, ConvertedAnswer, Json } from '../formats/types.ts';
import type { RelayBody } from '../call/relay-body.ts';
import type { SseEvent } from '../answer/sse.ts';
import type { WireFormat } from '../formats/format-names.ts';
import type { UpstreamErrorReading } from './error-reading.ts';
import type { ResponseHeaders } from './retry-after.ts';
import type { UpstreamTarget } from './upstream-target.ts';

/** A channel's wire format: one a client may also speak, or a provider's own. */
export type ChannelFormat = WireFormat | (string & {});

/** One call to one channel: where, with which headers, and the body in the channel's format. */
export interface UpstreamRequest extends UpstreamTarget {
  body: string | StreamedBody;
}

export interface RequestInput {
  settings: OptionsCache;
  endpoint: Endpoint;
  body: RelayBody;
  channel: RoutableChannel;
  upstreamModel: string;
  /** The call as OpenAI chat (converted on demand); a string says why it cannot be; undefined if it is no chat. */
  chat: () => Json | string | undefined;
  /**
   * The client's own body and headers, when the client speaks the family's format: sent on as
   * they came (the model renamed), not converted. Undefined for every other client.
   */
  native?: NativeCall;
  /**
   * The guarded agent the channel's addresses are reached through, for a family that calls out
   * while making its request (an OAuth token exchange); absent in unit tests.
   */
  dispatcher?: Dispatcher;
}

/** A call in the channel's own format, as its client sent it. */
export interface NativeCall {
  body: Json;
  headers: Record<string, string | string[] | undefined>;
}

/** What decides whether a family passes a call in a client's format through: the call's wire, endpoint and model. */
export interface PassThroughQuestion {
  wire: WireFormat;
  endpoint: Endpoint;
  upstreamModel: string;
}

/** How an upstream account lists its models: GET url with headers, and the ids in the answer. */
export interface ModelListing {
  /** The list's address for an account of this type (the family's first when not named); null when it has no list. */
  url(base: string, channelType?: number): string | null;
  headers(key: string, channelType?: number): Record<string, string> | Promise<Record<string, string>>;
  /** The ids in an answer, or null when the answer is not a model list. */
  ids(body: unknown): unknown[] | null;
}

/**
 * A stream framed other than as server-sent events (AWS's binary event-stream): the content type
 * that marks it, and its bytes as events, a batch for each piece that completes some.
 */
export interface StreamFraming {
  contentType: string;
  events(body: AsyncIterable<Uint8Array>): AsyncIterable<SseEvent[]>;
}

/** A failure an upstream tells inside a successful (2xx) answer: the status it stands for, and what it says. */
export interface AnswerFailure {
  status: number;
  error: UpstreamErrorReading;
}

/** Asks an upstream account for its remaining balance, in the currency its provider keeps it in. */
export type BalanceQuery = (base: string, access: UpstreamAccess) => Promise<ChannelBalance>;

/**
 * What a provider family does for the relay and the console, behind one interface: build the
 * request for a channel (from the OpenAI-chat core, or the client's own body when it speaks the
 * family's format), turn its answers and streams back into the chat core, read its errors, list
 * its models, query its balance. The registry maps channel types to families; nothing outside
 * `relay/providers/` switches on a vendor.
 */
export interface ProviderFamily {
  /** Its name in the channel type catalogue. */
  readonly name: FamilyName;
  /**
   * The wire format the family's channels speak. A client whose adaptor has the same `wire` is
   * passed through unconverted; a format no client speaks (any new name) is always converted.
   */
  readonly format: ChannelFormat;
  /** Whether its channels can serve a chat call at all; channel tests send one, and refuse when not. */
  readonly servesChat: boolean;
  /** The request for one channel, or why it cannot serve the call (some are signed, so made asynchronously). */
  request(input: RequestInput): UpstreamRequest | string | Promise<UpstreamRequest | string>;
  /**
   * The format a call is answered in when the family passes some calls of a client format other
   * than its own through (Claude on Bedrock takes Anthropic's Messages body, Gemini on Vertex
   * Gemini's): the client's wire to have its own body (`native`) and answer it unconverted, the
   * family's format to convert. Absent: always `format`.
   */
  answersIn?(call: PassThroughQuestion): ChannelFormat;
  /** How the family's streams are framed when not as server-sent events; undefined for SSE. */
  readonly streamFraming?: StreamFraming;
  /**
   * The channel's stream as chat chunks; null when the channel streams OpenAI chat itself.
   * `format` is the one the call is answered in (answersIn's), the family's own by default.
   */
  streamToChat(upstreamModel: string, format?: ChannelFormat): ChunkSource | null;
  /** The channel's whole answer as a chat completion with its usage (`format` as for streams). */
  answerToChat(answer: Json, upstreamModel: string, format?: ChannelFormat): ConvertedAnswer;
  /** What an error answer (status ≥ 400) says: its message, the delay it asked for, what the family knows of it. */
  readError(status: number, headers: ResponseHeaders, text: string): UpstreamErrorReading;
  /**
   * For a provider that tells failures with HTTP 200 (Tencent Cloud's Response.Error, Coze's code):
   * the failure a JSON answer (not a stream) holds, else undefined. Absent: its 2xx answers are answers.
   */
  readonly failureInAnswer?: (answer: unknown) => AnswerFailure | undefined;
  /**
   * For a type whose keys reach different APIs (Hunyuan: an API key of its OpenAI-compatible API,
   * or a TC3 key triple): the family serving a channel with this key. Absent: this family.
   */
  readonly forKey?: (key: string) => ProviderFamily;
  /** How its accounts list their models. */
  readonly models: ModelListing;
  /** How an account of this channel type tells its balance; undefined when it cannot. */
  balance(channelType: number): BalanceQuery | undefined;
}
