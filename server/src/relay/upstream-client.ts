import { Agent, request, type Dispatcher, type FormData } from 'undici';

export interface UpstreamClientOptions {
  /** Seconds with no bytes from the upstream before the call is given up (headers, then between chunks). */
  idleTimeoutSeconds: number;
}

/** One pooled keep-alive client for every upstream; bodies are streamed, never buffered here. */
export class UpstreamClient {
  private readonly agent: Agent;

  constructor(options: UpstreamClientOptions) {
    this.agent = new Agent({
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 600_000,
      // No cap: thousands of streams may be open at once, each on its own connection.
      connections: null,
      pipelining: 1,
      headersTimeout: options.idleTimeoutSeconds * 1000,
      bodyTimeout: options.idleTimeoutSeconds * 1000,
    });
  }

  send(
    url: string,
    init: {
      method: Dispatcher.HttpMethod;
      headers: Record<string, string>;
      body?: string | Buffer | FormData;
      signal?: AbortSignal;
    },
  ): Promise<Dispatcher.ResponseData> {
    return request(url, { ...init, dispatcher: this.agent });
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** Errors that mean the upstream could not be reached or went silent before answering: worth a retry. */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? '';
  return (
    code.startsWith('UND_ERR_') ||
    ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'].includes(
      code,
    )
  );
}
