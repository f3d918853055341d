import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { finishReasonsOf } from './finish-reasons.ts';
import type { ChunkSource, Json, StreamConverter } from './formats/types.ts';
import { countChoiceText, IncrementalCounter } from './incremental-counter.ts';
import { plainChunkText } from './plain-chunk-text.ts';
import { formatSseData, SseParser, type SseEvent } from './sse.ts';
import { streamErrorEvent } from './stream-errors.ts';
import { laterStreamUsage, readOpenAIUsage, type Usage } from './usage.ts';
import type { ClientFormat } from './formats/format-names.ts';

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
  upstream: Dispatcher.ResponseData;
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
  abort: AbortController;
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
  const { upstream, raw, abort, fromChannel, toClient } = options;
  const counter = new IncrementalCounter();
  let counted: Promise<Usage> | undefined;
  const outcome: StreamOutcome = {
    localUsage: () =>
      (counted ??= Promise.all([options.localPromptTokens(), counter.total()]).then(
        ([promptTokens, completionTokens]) => ({
          promptTokens,
          completionTokens,
          cachedTokens: 0,
          reasoningTokens: 0,
        }),
      )),
    firstByteMs: 0,
    clientGone: false,
  };
  let openAIUsage: Usage | undefined;

  raw.writeHead(200, {
    ...options.headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.on('close', () => {
    if (!raw.writableFinished) {
      outcome.clientGone = true;
      abort.abort();
    }
  });

  // What one upstream chunk produces is collected and written at once: one syscall, not one per event.
  let pending = '';
  // Appending is synchronous: only flush() may wait (for the socket to drain), so events cost no promise.
  const write = (text: string): void => {
    pending += text;
  };
  const flush = async () => {
    if (pending === '' || outcome.clientGone || raw.destroyed) return;
    const text = pending;
    pending = '';
    if (!raw.write(text)) await Promise.race([once(raw, 'drain'), once(raw, 'close')]);
  };

  /** Reads what billing needs from one OpenAI chunk and says whether it is the usage-only chunk. */
  const observe = (chunk: Json): boolean => {
    // Chat chunks carry usage at the top; Responses events inside `response` (response.completed).
    const usage =
      readOpenAIUsage(chunk.usage) ?? readOpenAIUsage((chunk.response as Json | undefined)?.usage);
    if (usage) openAIUsage = laterStreamUsage(openAIUsage, usage);
    const error = chunk.error as { message?: unknown } | undefined;
    if (error)
      outcome.upstreamError = typeof error.message === 'string' ? error.message : JSON.stringify(error);
    countChoiceText(counter, chunk.choices);
    outcome.finishReasons = finishReasonsOf(chunk.choices, outcome.finishReasons);
    if (typeof chunk.type === 'string' && chunk.type.endsWith('.delta')) counter.add(chunk.delta);
    // Usage-only: no choices left (OpenAI), or none at all outside the Responses events (Cloudflare's tail).
    const noChoices = Array.isArray(chunk.choices)
      ? chunk.choices.length === 0
      : chunk.choices === undefined && chunk.type === undefined;
    return noChoices && usage !== undefined;
  };

  const deliver = (chunks: Json[], original?: SseEvent): void => {
    const usageOnly = chunks.map(observe);
    if (options.passthrough && original) return write(formatSseData(original.data, original.event));
    if (options.passthrough) return;
    for (let i = 0; i < chunks.length; i++) {
      if (toClient) {
        for (const out of toClient.push({ data: chunks[i]! })) write(formatSseData(out.data, out.event));
      } else if (!usageOnly[i] || options.clientWantsUsage) {
        write(
          fromChannel || !original
            ? formatSseData(JSON.stringify(chunks[i]))
            : formatSseData(original.data, original.event),
        );
      }
    }
  };

  const handle = (event: SseEvent): void => {
    if (event.data === '[DONE]') {
      if (!fromChannel && !toClient) write('data: [DONE]\n\n');
      return;
    }
    if (!fromChannel && !toClient) {
      // OpenAI to OpenAI: a plain chunk needs only its text counted, not a parse (see plainChunkText).
      const text = plainChunkText(event.data);
      if (text !== undefined) {
        counter.add(text);
        // Only a chunk with no text may end its choice: the others need no second look.
        if (text === '' && event.data.includes(FINISHED))
          outcome.finishReasons = finishReasonsOf(parse(event.data)?.choices, outcome.finishReasons);
        return write(formatSseData(event.data, event.event));
      }
    }
    const data = parse(event.data);
    if (!data)
      return options.passthrough || (!fromChannel && !toClient)
        ? write(formatSseData(event.data, event.event))
        : undefined;
    const chunks = fromChannel ? fromChannel.push({ event: event.event, data }) : [data];
    deliver(chunks, event);
  };

  try {
    const body = upstream.body as AsyncIterable<Uint8Array>;
    // Server-sent events are parsed here, piece by piece, with no generator between the socket and
    // the client (an await per piece on every stream); a family framed otherwise (Bedrock's AWS
    // event stream) gives its own events.
    const parser = options.events ? undefined : new SseParser();
    const pieces: AsyncIterable<Uint8Array | SseEvent[]> = options.events ? options.events(body) : body;
    for await (const piece of pieces) {
      if (outcome.firstByteMs === 0) outcome.firstByteMs = Date.now() - options.startedAt;
      const events = parser ? parser.push(piece as Uint8Array) : (piece as SseEvent[]);
      for (const event of events) handle(event);
      await flush();
      if (outcome.clientGone) break;
    }
    if (!outcome.clientGone) {
      // The last event, when the body ended without the blank line after it.
      if (parser) for (const event of parser.end()) handle(event);
      if (fromChannel) deliver(fromChannel.end());
      if (toClient) {
        // A stream that told no usage: the client's closing events report what is billed.
        const told = fromChannel?.usage() ?? openAIUsage;
        const counted = told ? undefined : await outcome.localUsage().catch(() => undefined);
        const closing = toClient.end(counted);
        for (const out of closing) write(formatSseData(out.data, out.event));
      }
      // Converted streams end the OpenAI way once the answer is complete.
      if (fromChannel && !toClient && !options.passthrough && !outcome.upstreamError)
        write('data: [DONE]\n\n');
    }
  } catch (error) {
    if (!outcome.clientGone) {
      const code = (error as { code?: string }).code;
      outcome.upstreamError =
        code === 'UND_ERR_BODY_TIMEOUT'
          ? 'the upstream stopped sending (stream timeout)'
          : `upstream stream failed: ${(error as Error).message}`;
      write(streamErrorEvent(options.clientFormat, outcome.upstreamError));
    }
  } finally {
    await flush();
    if (!upstream.body.destroyed) upstream.body.destroy();
    outcome.usage = fromChannel?.usage() ?? openAIUsage;
    if (!raw.destroyed) raw.end();
  }
  return outcome;
}
