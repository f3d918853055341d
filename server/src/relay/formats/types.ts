import type { Usage } from '../answer/usage.ts';
import type { Json } from './json.ts';

/**
 * The gateway's canonical format is OpenAI chat completions: a call in another format is
 * converted to it, and an upstream in another format is converted from it, in both directions.
 * Requests and answers are plain JSON objects (Json, json.ts); converters never do I/O.
 */
export type { Json };

/** One server-sent event as it goes over the wire: an optional event name and its data text. */
export interface OutEvent {
  event?: string;
  data: string;
}

/**
 * Converts a stream event by event, keeping only the state it needs (open blocks, tool call
 * indexes, usage so far), never the whole answer.
 */
export interface StreamConverter {
  /** One incoming event (its name, and its data already parsed as JSON) → the events to send on. */
  push(event: { event?: string; data: Json }): OutEvent[];
  /**
   * The incoming stream ended: whatever must still be sent (closing events). `counted` is the
   * gateway's own count for a stream that told no usage, reported in the closing events (as it
   * is billed) instead of zeros.
   */
  end(counted?: Usage): OutEvent[];
  /** Usage seen so far, in the gateway's terms; undefined when the stream carried none. */
  usage(): Usage | undefined;
}

/**
 * Converts a channel's stream to OpenAI chat chunks, handed to the next stage as objects: nothing
 * is serialised and parsed again inside the gateway.
 */
export interface ChunkSource {
  /** One incoming event (its name, and its data already parsed as JSON) → the chunks it makes. */
  push(event: { event?: string; data: Json }): Json[];
  /** The incoming stream ended: the chunks still owed (the last usage, a finish). */
  end(): Json[];
  /** Usage seen so far, in the gateway's terms; undefined when the stream carried none. */
  usage(): Usage | undefined;
}

/** A converted non-stream answer together with its usage. */
export interface ConvertedAnswer {
  body: Json;
  usage?: Usage;
}
