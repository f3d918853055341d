import { once } from 'node:events';
import type { Readable } from 'node:stream';

/**
 * Waits until the body has its first bytes, and puts them back (unshift) so the reader sees the
 * body whole: no wrapper stays between the socket and the reader. Answers false when the body
 * ended empty; throws when it fails (or is aborted) first.
 */
export async function firstBytes(body: Readable): Promise<boolean> {
  for (;;) {
    const chunk: unknown = body.read();
    if (chunk !== null) {
      body.unshift(chunk);
      return true;
    }
    if (body.readableEnded || body.destroyed) {
      if (body.errored) throw body.errored;
      return false;
    }
    // The events that lose the race stop listening (their rejection is the race's, so handled).
    const stop = new AbortController();
    const { signal } = stop;
    try {
      await Promise.race([
        once(body, 'readable', { signal }),
        once(body, 'end', { signal }),
        once(body, 'close', { signal }),
      ]);
    } finally {
      stop.abort();
    }
  }
}
