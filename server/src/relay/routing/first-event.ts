import type { ChunkStream } from '../../net/chunk-stream.ts';

/** A line that starts an event (not a comment such as a keep-alive, nor a blank line). */
const EVENT_LINE = /^(data|event|id|retry):/m;
/** The longest field name with its colon ("retry:", "event:"). */
const FIELD_HEAD = 6;

/** Whether the bytes read so far hold an event line; the usual stream starts with one (read no further). */
function hasEvent(seen: Buffer): boolean {
  if (EVENT_LINE.test(seen.toString('latin1', 0, FIELD_HEAD))) return true;
  return seen.length > FIELD_HEAD && EVENT_LINE.test(seen.toString('latin1'));
}

/**
 * Waits until the body has its first event (server-sent events: a line other than a comment; any
 * other framing: its first bytes), taking none of its bytes: the reader sees the body whole.
 * Answers false when the body ended first; throws when it fails (or is aborted) first.
 */
export function firstEvent(body: ChunkStream, serverSentEvents: boolean): Promise<boolean> {
  return body.peek((seen) => !serverSentEvents || hasEvent(seen));
}
