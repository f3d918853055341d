import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { dispatchRequest, type AbortLink, type OutboundRequest } from './outbound-request.ts';

/** Bytes waiting unread beyond which the upstream's socket is paused until the reader catches up. */
const HIGH_WATER = 64 * 1024;

const DONE: IteratorResult<Buffer> = { value: undefined, done: true };

/** An HTTP answer whose body is read as it comes. */
export interface StreamedAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: ChunkStream;
}

/**
 * An answer's body as it comes, fed by undici's `dispatch` and read with `for await`: each chunk
 * waits in a queue until the reader takes it (the socket is paused while 64 KB wait), with no
 * readable stream, ticks or buffering layers between the socket and the reader. A failure reaches
 * the reader after the chunks that came before it; leaving the loop early (or `destroy`) aborts
 * the request.
 */
export class ChunkStream implements AsyncIterable<Buffer> {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private ended = false;
  private failure: Error | undefined;
  private gone = false;
  private peeking = false;
  private wake: (() => void) | undefined;
  private controller: Dispatcher.DispatchController | undefined;
  private readonly link: AbortLink;

  constructor(link: AbortLink) {
    this.link = link;
  }

  /** Whether the reader gave the body up (`destroy`, or a loop left early). */
  get destroyed(): boolean {
    return this.gone;
  }

  started(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    this.link.started(controller);
  }

  pushed(chunk: Buffer): void {
    if (this.gone) return;
    this.queue.push(chunk);
    this.queued += chunk.length;
    if (this.queued >= HIGH_WATER && !this.peeking && !this.controller!.paused) this.controller!.pause();
    this.changed();
  }

  finished(error?: Error): void {
    this.link.finished();
    if (error) this.failure ??= error;
    else this.ended = true;
    this.changed();
  }

  /** Stops reading: the request is aborted if its answer is still coming, and what waits is dropped. */
  destroy(): void {
    if (this.gone) return;
    this.gone = true;
    this.queue.length = 0;
    this.queued = 0;
    if (!this.ended && !this.failure) this.controller?.abort(new Error('the answer is not read further'));
    this.changed();
  }

  /**
   * Waits until the bytes that came so far, none of them taken, satisfy `enough` (true), or the
   * body ended first (false); throws when it failed first.
   */
  async peek(enough: (seen: Buffer) => boolean): Promise<boolean> {
    this.peeking = true;
    try {
      for (;;) {
        const seen = this.queue.length === 1 ? this.queue[0]! : Buffer.concat(this.queue);
        if (seen.length > 0 && enough(seen)) return true;
        if (this.failure) throw this.failure;
        if (this.ended || this.gone) return false;
        if (this.controller?.paused) this.controller.resume();
        await this.nextChange();
      }
    } finally {
      this.peeking = false;
    }
  }

  /** The next chunk; every chunk that waits, joined, when the reader fell behind (one turn of its loop for all). */
  next(): Promise<IteratorResult<Buffer>> {
    const waiting = this.queue.length;
    if (waiting > 0) {
      const chunk = waiting === 1 ? this.queue[0]! : Buffer.concat(this.queue, this.queued);
      this.queue.length = 0;
      this.queued = 0;
      if (this.controller?.paused) this.controller.resume();
      return Promise.resolve({ value: chunk, done: false });
    }
    if (this.gone) return Promise.resolve(DONE);
    if (this.failure) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve(DONE);
    return this.nextChange().then(() => this.next());
  }

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return {
      next: () => this.next(),
      return: () => {
        this.destroy();
        return Promise.resolve(DONE);
      },
    };
  }

  private nextChange(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  private changed(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/**
 * One request whose answer's body is read as it comes (see ChunkStream): the status and headers
 * once they came. Fails as undici's `request` does: with undici's errors (UND_ERR_*), the
 * connection's (ECONNREFUSED…), or the signal's reason once it aborts, which also ends the body.
 */
export function openStream(
  dispatcher: Dispatcher,
  url: string,
  request: OutboundRequest,
): Promise<StreamedAnswer> {
  return dispatchRequest<StreamedAnswer>(dispatcher, url, request, (link, resolve, reject) => {
    const body = new ChunkStream(link);
    let answered = false;
    return {
      onRequestStart: (controller) => body.started(controller),
      onResponseStart(_controller, statusCode, headers) {
        answered = true;
        request.onHeaders?.();
        resolve({ statusCode, headers, body });
      },
      onResponseData: (_controller, chunk) => body.pushed(chunk),
      onResponseEnd: () => body.finished(),
      onResponseError(_controller, error) {
        body.finished(error);
        if (!answered) reject(error);
      },
    };
  });
}
