import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import { countChoiceText, IncrementalCounter } from './incremental-counter.ts';
import { formatSseData, SseParser, type SseEvent } from './sse.ts';
import { readOpenAIUsage, type Usage } from './usage.ts';

export interface StreamOutcome {
  usage?: Usage;
  /** Completion tokens counted locally from the text that went by. */
  localCompletionTokens: number;
  /** Milliseconds from the start of the call to the first upstream byte. */
  firstByteMs: number;
  clientGone: boolean;
  /** Set when the upstream failed or stalled mid-stream. */
  upstreamError?: string;
}

export interface ForwardStreamOptions {
  upstream: Dispatcher.ResponseData;
  raw: ServerResponse;
  headers: Record<string, string>;
  /** Whether the client asked for the usage chunk; if not, the one we requested is not passed on. */
  clientWantsUsage: boolean;
  abort: AbortController;
  startedAt: number;
}

/**
 * Relays an OpenAI-format SSE stream event by event as it arrives, never holding the stream.
 * Usage is read on the way; the text is counted incrementally in case no usage comes. A client
 * that goes away aborts the upstream call. A failure mid-stream ends with an error event and no
 * [DONE], so the client can tell the answer is cut short.
 */
export async function forwardSseStream(options: ForwardStreamOptions): Promise<StreamOutcome> {
  const { upstream, raw, abort } = options;
  const outcome: StreamOutcome = { localCompletionTokens: 0, firstByteMs: 0, clientGone: false };
  const counter = new IncrementalCounter();
  const parser = new SseParser();

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

  const write = async (text: string) => {
    if (outcome.clientGone || raw.destroyed) return;
    if (!raw.write(text)) await Promise.race([once(raw, 'drain'), once(raw, 'close')]);
  };

  const handle = async (event: SseEvent) => {
    if (event.data === '[DONE]') return write('data: [DONE]\n\n');
    let chunk: Record<string, unknown> | undefined;
    try {
      chunk = JSON.parse(event.data) as Record<string, unknown>;
    } catch {
      return write(formatSseData(event.data, event.event));
    }
    const usage = readOpenAIUsage(chunk.usage);
    if (usage) outcome.usage = usage;
    const error = chunk.error as { message?: unknown } | undefined;
    if (error)
      outcome.upstreamError = typeof error.message === 'string' ? error.message : JSON.stringify(error);
    countChoiceText(counter, chunk.choices);
    const usageOnly = Array.isArray(chunk.choices) && chunk.choices.length === 0 && usage !== undefined;
    if (usageOnly && !options.clientWantsUsage) return;
    return write(formatSseData(event.data, event.event));
  };

  try {
    for await (const bytes of upstream.body) {
      if (outcome.firstByteMs === 0) outcome.firstByteMs = Date.now() - options.startedAt;
      for (const event of parser.push(bytes as Buffer)) await handle(event);
      if (outcome.clientGone) break;
    }
    for (const event of parser.end()) await handle(event);
  } catch (error) {
    if (!outcome.clientGone) {
      const code = (error as { code?: string }).code;
      outcome.upstreamError =
        code === 'UND_ERR_BODY_TIMEOUT'
          ? 'the upstream stopped sending (stream timeout)'
          : `upstream stream failed: ${(error as Error).message}`;
      await write(
        formatSseData(JSON.stringify({ error: { message: outcome.upstreamError, type: 'upstream_error' } })),
      );
    }
  } finally {
    if (!upstream.body.destroyed) upstream.body.destroy();
    outcome.localCompletionTokens = counter.total();
    if (!raw.destroyed) raw.end();
  }
  return outcome;
}
