import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  json?: Record<string, unknown>;
  /** The gateway closed the connection before the mock had finished answering (a cancelled call). */
  aborted?: boolean;
}

/** What the mock answers to one request. */
export type MockReply =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; text: string; headers?: Record<string, string> }
  | {
      /** OpenAI-style stream: each entry goes out as `data: <entry>\n\n`, then `data: [DONE]` unless done is false. */
      sse: string[];
      done?: boolean;
      /** Pause between events, ms (for disconnect tests). */
      gapMs?: number;
      /** Stop sending (but keep the connection open) after this many events. */
      stallAfter?: number;
    }
  | { destroy: true }
  /** Sends a stream's headers at once, then nothing, keeping the connection open (a silent stream). */
  | { silentStream: true }
  /** Sends these events, then drops the connection mid-stream. */
  | { sseThenDrop: string[] }
  /**
   * A JSON answer cut half way: headers (with the full content-length) and the first half of the
   * body, then the connection is dropped (`then: 'drop'`) or left open, sending nothing more (`'stall'`).
   */
  | { partialJson: unknown; then: 'drop' | 'stall' }
  /** Waits this long before answering at all (a slow first byte); answers nothing if the gateway hangs up first. */
  | { delayMs: number; reply: MockReply }
  /** A stream of named events (Anthropic), sent as they are, with no [DONE]. */
  | { events: Array<{ event?: string; data: string }> }
  /** Raw bytes (a binary stream such as AWS's event-stream), sent in these pieces; content-type in headers. */
  | { status?: number; bytes: Buffer[]; headers?: Record<string, string> };

type Handler = (request: RecordedRequest) => MockReply | Promise<MockReply>;

/**
 * A provider on loopback that answers with recorded responses. Each route keeps a queue of
 * replies (the last one repeats) or a function; every request is recorded for assertions, marked
 * `aborted` when the gateway hangs up before the answer is finished. holdAnswers() keeps every
 * answer back until releaseAnswers(), so a test can act while calls are in flight.
 */
export class MockUpstream {
  readonly requests: RecordedRequest[] = [];
  /** Streams whose connection the gateway closed before the mock finished sending. */
  abortedStreams = 0;
  private routes = new Map<string, Handler>();
  private server: Server;
  private openResponses = new Set<ServerResponse>();
  private gate: { promise: Promise<void>; open: () => void } | undefined;
  url = '';

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  /** Answers `path` (query ignored) with these replies in turn, repeating the last. */
  reply(path: string, ...replies: MockReply[]): this {
    let index = 0;
    this.routes.set(path, () => replies[Math.min(index++, replies.length - 1)]!);
    return this;
  }

  handler(path: string, handler: Handler): this {
    this.routes.set(path, handler);
    return this;
  }

  /** Requests whose answer is not finished yet (held, delayed, streaming or stalled). */
  get inFlight(): number {
    return this.openResponses.size;
  }

  /** Requests the gateway cancelled before the mock had finished answering. */
  get abortedRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.aborted);
  }

  /** From now on every request is received and recorded, but answered only after releaseAnswers(). */
  holdAnswers(): void {
    let open = () => {};
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.gate = { promise, open };
  }

  /** Answers every held request (and those that come later) at once. */
  releaseAnswers(): void {
    this.gate?.open();
    this.gate = undefined;
  }

  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((r) => r.url.split('?')[0] === path);
  }

  async stop(): Promise<void> {
    this.releaseAnswers();
    for (const res of this.openResponses) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      return; // The gateway hung up before it had sent the whole request (a cancelled upload).
    }
    const body = Buffer.concat(chunks);
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
    };
    if ((req.headers['content-type'] ?? '').includes('application/json')) {
      try {
        recorded.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        // Recorded as bytes only.
      }
    }
    this.requests.push(recorded);
    // Every answer is tracked until it ends: a close before the mock finished is the gateway cancelling.
    let destroyedByMock = false;
    this.openResponses.add(res);
    res.on('close', () => {
      this.openResponses.delete(res);
      if (!res.writableFinished && !destroyedByMock) recorded.aborted = true;
    });
    if (this.gate) await this.gate.promise;
    if (res.destroyed) return;
    const handler = this.routes.get(recorded.url.split('?')[0]!);
    if (!handler) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ error: { message: `mock has no route for ${recorded.url}`, type: 'not_found' } }),
      );
      return;
    }
    await this.answer(await handler(recorded), res, () => (destroyedByMock = true));
  }

  private async answer(reply: MockReply, res: ServerResponse, destroying: () => void): Promise<void> {
    if ('delayMs' in reply) {
      await Promise.race([new Promise((r) => setTimeout(r, reply.delayMs)), once(res, 'close')]);
      if (!res.destroyed) await this.answer(reply.reply, res, destroying);
      return;
    }
    if ('silentStream' in reply) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      return;
    }
    if ('destroy' in reply) {
      destroying();
      res.destroy();
      return;
    }
    if ('partialJson' in reply) {
      const text = JSON.stringify(reply.partialJson);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      res.write(text.slice(0, Math.floor(text.length / 2)));
      if (reply.then === 'drop') {
        destroying();
        setTimeout(() => res.destroy(), 20);
      }
      return;
    }
    if ('events' in reply) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'request-id': 'req_mock_events' });
      for (const e of reply.events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${e.data}\n\n`);
      res.end();
      return;
    }
    if ('bytes' in reply) {
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/octet-stream', ...reply.headers });
      for (const piece of reply.bytes) res.write(piece);
      res.end();
      return;
    }
    if ('sseThenDrop' in reply) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of reply.sseThenDrop) res.write(`data: ${event}\n\n`);
      destroying();
      setTimeout(() => res.destroy(), 20);
      return;
    }
    if ('sse' in reply) {
      res.on('close', () => {
        if (!res.writableFinished) this.abortedStreams++;
      });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_mock_stream' });
      for (let i = 0; i < reply.sse.length; i++) {
        if (reply.stallAfter !== undefined && i >= reply.stallAfter) return;
        if (res.destroyed) return;
        res.write(`data: ${reply.sse[i]}\n\n`);
        if (reply.gapMs) await new Promise((r) => setTimeout(r, reply.gapMs));
      }
      if (reply.stallAfter !== undefined) return;
      if (reply.done !== false) res.write('data: [DONE]\n\n');
      res.end();
      return;
    }
    const status = reply.status ?? 200;
    if ('json' in reply) {
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-request-id': 'req_mock',
        ...reply.headers,
      });
      res.end(JSON.stringify(reply.json));
    } else {
      res.writeHead(status, { 'content-type': 'text/plain', ...reply.headers });
      res.end(reply.text);
    }
  }
}
