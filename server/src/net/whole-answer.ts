import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/** An HTTP answer read to its end: what a call that is not streamed gets. */
export interface WholeAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

export interface WholeRequest {
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: string | Buffer | Readable;
  signal?: AbortSignal;
  /** Told when the status and headers came, before the body is read. */
  onHeaders?: () => void;
}

/**
 * One request whose answer is read whole, through undici's `dispatch` with a handler of its own:
 * the chunks are kept as they come and joined once at the end. undici's `request` would put a
 * readable stream between the socket and the caller, and reading it whole costs that stream, its
 * ticks and its promises (about 8 µs of CPU a call here). Fails as `request` does: with undici's
 * errors (UND_ERR_*), the connection's (ECONNREFUSED…), or the signal's reason once it aborts.
 */
export function readWhole(dispatcher: Dispatcher, url: string, request: WholeRequest): Promise<WholeAnswer> {
  const { signal } = request;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let statusCode = 0;
    let headers: IncomingHttpHeaders = {};
    let controller: Dispatcher.DispatchController | undefined;
    const abort = () => controller?.abort(signal!.reason as Error);
    const ended = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (signal?.aborted) started.abort(signal.reason as Error);
      },
      onResponseStart(_controller, status, answered) {
        statusCode = status;
        headers = answered;
        request.onHeaders?.();
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
        length += chunk.length;
      },
      onResponseEnd() {
        ended();
        resolve({
          statusCode,
          headers,
          bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length),
        });
      },
      onResponseError(_controller, error) {
        ended();
        reject(error);
      },
    };
    const options = {
      origin: target.origin,
      path: target.pathname + target.search,
      method: request.method,
      headers: request.headers,
      body: request.body,
    };
    try {
      dispatcher.dispatch(options, handler);
    } catch (error) {
      ended();
      reject(error as Error);
    }
  });
}
