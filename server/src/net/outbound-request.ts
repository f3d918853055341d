import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** One request to an upstream, sent through undici's `dispatch` with a handler of our own. */
export interface OutboundRequest {
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: string | Buffer | Readable;
  /** Aborts the request, and the reading of its answer, with the signal's reason. */
  signal?: AbortSignal;
  /** Told when the status and headers came, before the body is read. */
  onHeaders?: () => void;
}

/**
 * Dispatches `request` to `url` with the handler `handle` makes, answering what that handler
 * resolves: never sent when the signal was aborted already, and rejected with what dispatch throws
 * at once (a bad header). The handler hands its controller to `link` (see AbortLink).
 */
export function dispatchRequest<T>(
  dispatcher: Dispatcher,
  url: string,
  request: OutboundRequest,
  handle: (
    link: AbortLink,
    resolve: (answer: T) => void,
    reject: (error: Error) => void,
  ) => Dispatcher.DispatchHandler,
): Promise<T> {
  const { signal } = request;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const link = new AbortLink(signal);
    try {
      const target = new URL(url);
      const options: Dispatcher.DispatchOptions = {
        origin: target.origin,
        path: target.pathname + target.search,
        method: request.method,
        headers: request.headers,
        body: request.body,
      };
      dispatcher.dispatch(options, handle(link, resolve, reject));
    } catch (error) {
      link.finished();
      reject(error as Error);
    }
  });
}

/**
 * Ties a dispatched request to its signal: aborting the signal aborts the request, or the reading
 * of its answer, until `finished`. The handler hands over its controller with `started`.
 */
export class AbortLink {
  private controller: Dispatcher.DispatchController | undefined;
  private readonly signal: AbortSignal | undefined;
  private readonly abort = () => this.controller?.abort(this.signal!.reason as Error);

  constructor(signal: AbortSignal | undefined) {
    this.signal = signal;
    signal?.addEventListener('abort', this.abort, { once: true });
  }

  started(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.signal?.aborted) controller.abort(this.signal.reason as Error);
  }

  finished(): void {
    this.signal?.removeEventListener('abort', this.abort);
  }
}
