import type { Readable } from 'node:stream';
import { request, type Dispatcher } from 'undici';
import { EMPTY_ALLOW_LIST, type AllowList } from '../../net/allow-list.ts';
import { OUTBOUND_REFUSED, outboundAgents, type OutboundAgents } from '../../net/outbound-guard.ts';
import { readWhole, type WholeAnswer } from '../../net/whole-answer.ts';
import { openStream, type StreamedAnswer } from '../../net/chunk-stream.ts';
import type { OutboundRequest } from '../../net/outbound-request.ts';

export interface UpstreamClientOptions {
  /** Seconds with no bytes from the upstream before the call is given up (headers, then between chunks). */
  idleTimeoutSeconds: number;
  /** The hosts and ranges root lets admin-chosen addresses reach (the OutboundAllowList option). */
  allowList?: () => AllowList;
}

/**
 * One pooled keep-alive client for every upstream; bodies are streamed, never buffered here. Every
 * connection goes through the outbound guard: a channel whose address an admin chose reaches only
 * public addresses; root's channels anything but cloud metadata.
 */
export class UpstreamClient {
  private readonly agents: OutboundAgents;

  constructor(options: UpstreamClientOptions) {
    this.agents = outboundAgents(
      {
        keepAliveTimeout: 30_000,
        keepAliveMaxTimeout: 600_000,
        // No cap: thousands of streams may be open at once, each on its own connection.
        connections: null,
        pipelining: 1,
        headersTimeout: options.idleTimeoutSeconds * 1000,
        bodyTimeout: options.idleTimeoutSeconds * 1000,
      },
      options.allowList ?? (() => EMPTY_ALLOW_LIST),
    );
  }

  send(
    url: string,
    init: {
      method: Dispatcher.HttpMethod;
      headers: Record<string, string>;
      body?: string | Buffer | Readable;
      signal?: AbortSignal;
      /** Root chose this address (channels.address_trusted); otherwise only public addresses. */
      addressTrusted: boolean;
    },
  ): Promise<Dispatcher.ResponseData> {
    const { addressTrusted, ...options } = init;
    return request(url, { ...options, dispatcher: this.agents.for(addressTrusted) });
  }

  /** A relay call's request, its answer read whole before it is answered (see net/whole-answer.ts). */
  sendWhole(url: string, init: OutboundRequest & { addressTrusted: boolean }): Promise<WholeAnswer> {
    const { addressTrusted, ...request } = init;
    return readWhole(this.agents.for(addressTrusted), url, request);
  }

  /** A relay call's request, its answer's body read as it comes (see net/chunk-stream.ts). */
  sendStreamed(url: string, init: OutboundRequest & { addressTrusted: boolean }): Promise<StreamedAnswer> {
    const { addressTrusted, ...request } = init;
    return openStream(this.agents.for(addressTrusted), url, request);
  }

  /** The guarded agent for a channel's addresses, for the calls a family makes itself (a token exchange). */
  dispatcherFor(addressTrusted: boolean): Dispatcher {
    return this.agents.for(addressTrusted);
  }

  close(): Promise<void> {
    return this.agents.close();
  }
}

/** Errors that mean the upstream could not be reached or went silent before answering: worth a retry. */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // An AbortError's code is a number (DOMException's): not a connection failure.
  if (typeof code !== 'string') return false;
  return (
    code.startsWith('UND_ERR_') ||
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ETIMEDOUT',
      'EPIPE',
      'EHOSTUNREACH',
      OUTBOUND_REFUSED,
    ].includes(code)
  );
}
