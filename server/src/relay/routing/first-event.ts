import type { Readable } from 'node:stream';

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
 * other framing: its first bytes), and puts what was read back (unshift) so the reader sees the
 * body whole: no wrapper stays between the socket and the reader. Answers false when the body
 * ended first; throws when it fails (or is aborted) first.
 */
export async function firstEvent(body: Readable, serverSentEvents: boolean): Promise<boolean> {
  const read: Buffer[] = [];
  const putBack = () => {
    if (read.length > 0) body.unshift(read.length === 1 ? read[0] : Buffer.concat(read));
  };
  for (;;) {
    const chunk = body.read() as Buffer | string | null;
    if (chunk !== null) {
      read.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      const seen = read.length === 1 ? read[0]! : Buffer.concat(read);
      if (!serverSentEvents || hasEvent(seen)) {
        putBack();
        return true;
      }
      continue;
    }
    if (body.readableEnded || body.destroyed) {
      if (body.errored) throw body.errored;
      putBack();
      return false;
    }
    await readable(body);
  }
}

/** The next 'readable', 'end' or 'close', or its 'error' (thrown); then it stops listening. */
function readable(body: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      body.off('readable', done);
      body.off('end', done);
      body.off('close', done);
      body.off('error', failed);
    };
    const done = () => {
      stop();
      resolve();
    };
    const failed = (error: Error) => {
      stop();
      reject(error);
    };
    body.on('readable', done);
    body.on('end', done);
    body.on('close', done);
    body.on('error', failed);
  });
}
