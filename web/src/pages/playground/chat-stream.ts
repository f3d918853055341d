import { chatEventOf, completionTextOf, errorTextOfBody } from './chat-events.ts';
import { SseParser } from './sse-parser.ts';

/**
 * How a streamed answer ended: `done` at `[DONE]`; `closed` when the server ended the stream without
 * it (the spec treats that as complete); `aborted` when the caller stopped it; `error` with the
 * reason: `network` (no answer at all), `interrupted` (the connection broke mid-stream), `expired`
 * (401), or `server` with the server's text (empty when it sent none).
 */
export type StreamEnd =
  | { kind: 'done' | 'closed' | 'aborted' }
  | {
      kind: 'error';
      reason: 'network' | 'interrupted' | 'expired' | 'server';
      message: string;
      status: number;
    };

export interface StreamRequest {
  url: string;
  body: unknown;
  headers: Record<string, string>;
  signal: AbortSignal;
  /** Called with each piece of answer text, in order. */
  onDelta: (text: string) => void;
  fetch?: typeof fetch;
}

const failure = (
  reason: 'network' | 'interrupted' | 'expired' | 'server',
  message = '',
  status = 0,
): StreamEnd => ({ kind: 'error', reason, message, status });

/** Posts a chat completion and reads its server-sent events as they arrive, until it ends. */
export async function streamChat(request: StreamRequest): Promise<StreamEnd> {
  const { signal } = request;
  let response: Response;
  try {
    response = await (request.fetch ?? fetch)(request.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...request.headers },
      body: JSON.stringify(request.body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch {
    return signal.aborted ? { kind: 'aborted' } : failure('network');
  }
  if (response.status === 401) return failure('expired', '', 401);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !response.body || !type.includes('text/event-stream')) {
    return readWhole(response, request);
  }
  return readEvents(response.body, request);
}

/** An answer that is not a stream: a refusal (any status, JSON or text), or a whole completion. */
async function readWhole(response: Response, request: StreamRequest): Promise<StreamEnd> {
  let body: string;
  try {
    body = await response.text();
  } catch {
    return request.signal.aborted ? { kind: 'aborted' } : failure('interrupted', '', response.status);
  }
  const completion = response.ok ? completionTextOf(body) : null;
  if (completion !== null) {
    if (completion !== '') request.onDelta(completion);
    return { kind: 'done' };
  }
  return failure('server', errorTextOfBody(body), response.status);
}

async function readEvents(body: ReadableStream<Uint8Array>, request: StreamRequest): Promise<StreamEnd> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  /** Applies a batch of events; answers how the stream ended when one of them ends it. */
  const apply = (text: string, last: boolean): StreamEnd | null => {
    const events = [...parser.push(text), ...(last ? parser.end() : [])];
    for (const event of events) {
      const meaning = chatEventOf(event);
      if (meaning.type === 'delta') request.onDelta(meaning.text);
      else if (meaning.type === 'done') return { kind: 'done' };
      else if (meaning.type === 'error') return failure('server', meaning.message, 200);
    }
    return null;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const end = apply(done ? decoder.decode() : decoder.decode(value, { stream: true }), done);
      if (end) {
        void reader.cancel().catch(() => {});
        return end;
      }
      if (done) return { kind: 'closed' };
    }
  } catch {
    return request.signal.aborted ? { kind: 'aborted' } : failure('interrupted', '', 200);
  }
}
