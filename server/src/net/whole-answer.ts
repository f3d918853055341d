import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { dispatchRequest, type OutboundRequest } from './outbound-request.ts';

/** An HTTP answer read to its end: what a call that is not streamed gets. */
export interface WholeAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/**
 * One request whose answer is read whole, through undici's `dispatch` with a handler of its own:
 * the chunks are kept as they come and joined once at the end. undici's `request` would put a
 * readable stream between the socket and the caller, and reading it whole costs that stream, its
 * ticks and its promises. Fails as `request` does: with undici's errors (UND_ERR_*), the
 * connection's (ECONNREFUSED…), or the signal's reason once it aborts.
 */
export function readWhole(
  dispatcher: Dispatcher,
  url: string,
  request: OutboundRequest,
): Promise<WholeAnswer> {
  return dispatchRequest<WholeAnswer>(dispatcher, url, request, (link, resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let statusCode = 0;
    let headers: IncomingHttpHeaders = {};
    return {
      onRequestStart: (controller) => link.started(controller),
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
        link.finished();
        const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length);
        resolve({ statusCode, headers, bytes });
      },
      onResponseError(_controller, error) {
        link.finished();
        reject(error);
      },
    };
  });
}
