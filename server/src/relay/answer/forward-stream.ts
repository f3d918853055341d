import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { CallCancel } from '../call/call-cancel.ts';
import { finishReasonsOf } from './finish-reasons.ts';
import type { ChunkSource, Json, StreamConverter } from '../formats/types.ts';
import { countChoiceText, IncrementalCounter } from './incremental-counter.ts';
import { plainChunkText } from './plain-chunk-text.ts';
import { formatSseData, SseParser, type SseEvent } from './sse.ts';
import { streamErrorEvent } from './stream-errors.ts';
import { laterStreamUsage, readOpenAIUsage, type Usage } from './usage.ts';
import type { ClientFormat } from '../formats/format-names.ts';
import type { ChunkStream } from '../../net/chunk-stream.ts';

export interface StreamOutcome {
  usage?: Usage;
  /**
   * The call counted here: the prompt, and the text that went by (loads the tokenizer: ask only
   * when the stream told no usage). Counted once, however often asked.
   */
  localUsage: () => Promise<Usage>;
  /** Milliseconds from the start of the call to the first upstream byte. */
  firstByteMs: number;
  clientGone: boolean;
  /** Set when the upstream failed or stalled mid-stream. */
  upstreamError?: string;
  /** The finish_reason of each choice that told one. */
  finishReasons?: string[];
}

export interface ForwardStreamOptions {
  /** The upstream's body, as it comes. */
  upstream: ChunkStream;
  raw: ServerResponse;
  headers: Record<string, string>;
  clientFormat: ClientFormat;
  /** The upstream's bytes as events, when they are not server-sent events (AWS's event-stream). */
  events?: (body: AsyncIterable<Uint8Array>) => AsyncIterable<SseEvent[]>;
  /** Channel events → OpenAI chunks; null when the channel speaks OpenAI. */
  fromChannel: ChunkSource | null;
  /** OpenAI chunks → client events; null when the client speaks OpenAI. */
  toClient: StreamConverter | null;
  /** Client and channel speak the same format: send the upstream's events unchanged. */
  passthrough: boolean;
  /** Whether an OpenAI client asked for the usage chunk; if not, the one we requested is not passed on. */
  clientWantsUsage: boolean;
  /** The prompt's tokens counted here, for a stream that tells no usage. */
  localPromptTokens: () => Promise<number>;
  cancel: CallCancel;
  startedAt: number;
}

/** How a plain chunk that ends its choice tells why. */
const FINISHED = '"finish_reason":"';

const parse = (text: string): Json | undefined => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Relays a stream event by event as it arrives, never holding it whole: the channel's events
 * become OpenAI chunks (where usage is read and text counted in case no usage comes), then the
 * client's events. A client that goes away aborts the upstream call. A failure mid-stream ends
 * with an error event in the client's format and no normal end, so the client can tell.
 */
export async function forwardStream(options: ForwardStreamOptions): Promise<StreamOutcome> {
  const relay = new StreamRelay(options);
  const { outcome } = relay;
  const { upstream, raw } = options;
  relay.open();
  try {
    const body: AsyncIterable<Uint8Array> = upstream;
    // Server-sent events are parsed here, piece by piece, with no generator between the socket and
    // the client (an await per piece on every stream); a family framed otherwise (Bedrock's AWS
    // event stream) gives its own events.
    const parser = options.events ? undefined : new SseParser();
    const pieces: AsyncIterable<Uint8Array | SseEvent[]> = options.events ? options.events(body) : body;
    let firstPiece = true;
    for await (const piece of pieces) {
      // A first byte within the call's first millisecond is 0 ms, and must not be taken again.
      if (firstPiece) outcome.firstByteMs = Date.now() - options.startedAt;
      firstPiece = false;
      const events = parser ? parser.push(piece as Uint8Array) : (piece as SseEvent[]);
      for (const event of events) relay.handle(event);
      const draining = relay.flush();
      if (draining) await draining;
      if (outcome.clientGone) break;
    }
    if (!outcome.clientGone) await relay.end(parser);
  } catch (error) {
    relay.failed(error);
  } finally {
    await relay.flush();
    upstream.destroy();
    outcome.usage = relay.usage();
    if (!raw.destroyed) raw.end();
  }
  return outcome;
}

/** One stream on its way: what waits to be written, what was counted, what the upstream told. */
class StreamRelay {
  readonly outcome: StreamOutcome;
  private readonly options: ForwardStreamOptions;
  private readonly counter = new IncrementalCounter();
  private counted: Promise<Usage> | undefined;
  private openAIUsage: Usage | undefined;
  /** What one upstream chunk produces is collected and written at once: one syscall, not one per event. */
  private pending = '';

  constructor(options: ForwardStreamOptions) {
    this.options = options;
    this.outcome = { localUsage: () => this.localUsage(), firstByteMs: 0, clientGone: false };
  }

  /** The client's answer headers, and its hang-up watched. */
  open(): void {
    const { raw } = this.options;
    raw.writeHead(200, {
      ...this.options.headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.on('close', () => {
      if (!raw.writableFinished) {
        this.outcome.clientGone = true;
        this.options.cancel.hangUp();
      }
    });
  }

  /** The usage the stream told: the channel's own, else what its OpenAI chunks said. */
  usage(): Usage | undefined {
    return this.options.fromChannel?.usage() ?? this.openAIUsage;
  }

  private localUsage(): Promise<Usage> {
    this.counted ??= Promise.all([this.options.localPromptTokens(), this.counter.total()]).then(
      ([promptTokens, completionTokens]) => ({
        promptTokens,
        completionTokens,
        cachedTokens: 0,
        reasoningTokens: 0,
      }),
    );
    return this.counted;
  }

  // Appending is synchronous: only flush() may wait (for the socket to drain), so events cost no promise.
  private write(text: string): void {
    this.pending += text;
  }

  /** Writes what waits; a promise only when the client's socket is full (until it drains or closes). */
  flush(): Promise<void> | undefined {
    const { raw } = this.options;
    if (this.pending === '' || this.outcome.clientGone || raw.destroyed) return undefined;
    const text = this.pending;
    this.pending = '';
    if (raw.write(text)) return undefined;
    return Promise.race([once(raw, 'drain'), once(raw, 'close')]).then(() => {});
  }

  /** Reads what billing needs from one OpenAI chunk and says whether it is the usage-only chunk. */
  private observe(chunk: Json): boolean {
    const { outcome } = this;
    // Chat chunks carry usage at the top; Responses events inside `response` (response.completed).
    const usage =
      readOpenAIUsage(chunk.usage) ?? readOpenAIUsage((chunk.response as Json | undefined)?.usage);
    if (usage) this.openAIUsage = laterStreamUsage(this.openAIUsage, usage);
    const error = chunk.error as { message?: unknown } | undefined;
    if (error)
      outcome.upstreamError = typeof error.message === 'string' ? error.message : JSON.stringify(error);
    countChoiceText(this.counter, chunk.choices);
    outcome.finishReasons = finishReasonsOf(chunk.choices, outcome.finishReasons);
    if (typeof chunk.type === 'string' && chunk.type.endsWith('.delta')) this.counter.add(chunk.delta);
    // Usage-only: no choices left (OpenAI), or none at all outside the Responses events (Cloudflare's tail).
    const noChoices = Array.isArray(chunk.choices)
      ? chunk.choices.length === 0
      : chunk.choices === undefined && chunk.type === undefined;
    return noChoices && usage !== undefined;
  }

  private deliver(chunks: Json[], original?: SseEvent): void {
    const { passthrough, toClient, fromChannel, clientWantsUsage } = this.options;
    const usageOnly = chunks.map((chunk) => this.observe(chunk));
    if (passthrough && original) return this.write(formatSseData(original.data, original.event));
    if (passthrough) return;
    for (let i = 0; i < chunks.length; i++) {
      if (toClient) {
        for (const out of toClient.push({ data: chunks[i]! })) this.write(formatSseData(out.data, out.event));
      } else if (!usageOnly[i] || clientWantsUsage) {
        this.write(
          fromChannel || !original
            ? formatSseData(JSON.stringify(chunks[i]))
            : formatSseData(original.data, original.event),
        );
      }
    }
  }

  handle(event: SseEvent): void {
    const { fromChannel, toClient, passthrough } = this.options;
    if (event.data === '[DONE]') {
      if (!fromChannel && !toClient) this.write('data: [DONE]\n\n');
      return;
    }
    if (!fromChannel && !toClient) {
      // OpenAI to OpenAI: a plain chunk needs only its text counted, not a parse (see plainChunkText).
      const text = plainChunkText(event.data);
      if (text !== undefined) {
        this.counter.add(text);
        // Only a chunk with no text may end its choice: the others need no second look.
        if (text === '' && event.data.includes(FINISHED))
          this.outcome.finishReasons = finishReasonsOf(
            parse(event.data)?.choices,
            this.outcome.finishReasons,
          );
        return this.write(formatSseData(event.data, event.event));
      }
    }
    const data = parse(event.data);
    if (!data)
      return passthrough || (!fromChannel && !toClient)
        ? this.write(formatSseData(event.data, event.event))
        : undefined;
    const chunks = fromChannel ? fromChannel.push({ event: event.event, data }) : [data];
    this.deliver(chunks, event);
  }

  /** The body ended: its last event, the converters' closing events, and the end the client expects. */
  async end(parser: SseParser | undefined): Promise<void> {
    const { fromChannel, toClient, passthrough } = this.options;
    // The last event, when the body ended without the blank line after it.
    if (parser) for (const event of parser.end()) this.handle(event);
    if (fromChannel) this.deliver(fromChannel.end());
    if (toClient) {
      // A stream that told no usage: the client's closing events report what is billed.
      const told = this.usage();
      const counted = told ? undefined : await this.localUsage().catch(() => undefined);
      for (const out of toClient.end(counted)) this.write(formatSseData(out.data, out.event));
    }
    // Converted streams end the OpenAI way once the answer is complete.
    if (fromChannel && !toClient && !passthrough && !this.outcome.upstreamError)
      this.write('data: [DONE]\n\n');
  }

  /** The upstream failed or stalled mid-stream: an error event in the client's format ends it. */
  failed(error: unknown): void {
    if (this.outcome.clientGone) return;
    const code = (error as { code?: string }).code;
    this.outcome.upstreamError =
      code === 'UND_ERR_BODY_TIMEOUT'
        ? 'the upstream stopped sending (stream timeout)'
        : `upstream stream failed: ${(error as Error).message}`;
    this.write(streamErrorEvent(this.options.clientFormat, this.outcome.upstreamError));
  }
}
