export interface SseEvent {
  event?: string;
  data: string;
}

/**
 * Incremental server-sent-events parser: feed it bytes as they arrive, get whole events back.
 * Only the unfinished tail is kept between calls, never the whole stream.
 */
export class SseParser {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  private event: string | undefined;
  private data: string[] = [];

  push(chunk: Uint8Array): SseEvent[] {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    return this.drain();
  }

  /** Whatever is left when the stream ends (a last event without its blank line). */
  end(): SseEvent[] {
    this.buffer += this.decoder.decode();
    if (this.buffer !== '') this.buffer += '\n';
    const events = this.drain();
    const last = this.flushEvent();
    return last ? [...events, last] : events;
  }

  private drain(): SseEvent[] {
    const events: SseEvent[] = [];
    const buffer = this.buffer;
    // Walk the lines by index and cut the buffer once at the end: slicing it per line allocated a
    // new tail string for every line of every event.
    let start = 0;
    let newline: number;
    while ((newline = buffer.indexOf('\n', start)) !== -1) {
      const end = newline > start && buffer.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
      const lineStart = start;
      start = newline + 1;
      if (end === lineStart) {
        const event = this.flushEvent();
        if (event) events.push(event);
        continue;
      }
      if (buffer.charCodeAt(lineStart) === 58 /* ':' comment */) continue;
      const colon = buffer.indexOf(':', lineStart);
      const hasValue = colon !== -1 && colon < end;
      const field = buffer.slice(lineStart, hasValue ? colon : end);
      let valueStart = hasValue ? colon + 1 : end;
      if (valueStart < end && buffer.charCodeAt(valueStart) === 32) valueStart++;
      if (field === 'data') this.data.push(buffer.slice(valueStart, end));
      else if (field === 'event') this.event = buffer.slice(valueStart, end);
    }
    this.buffer = start === 0 ? buffer : buffer.slice(start);
    return events;
  }

  private flushEvent(): SseEvent | undefined {
    if (this.data.length === 0) {
      this.event = undefined;
      return undefined;
    }
    const event: SseEvent = { data: this.data.join('\n') };
    if (this.event !== undefined) event.event = this.event;
    this.data = [];
    this.event = undefined;
    return event;
  }
}

export const formatSseData = (data: string, event?: string): string =>
  `${event === undefined ? '' : `event: ${event}\n`}data: ${data}\n\n`;

/**
 * A server-sent-events body as events, a batch per piece of bytes (the last when the body ends).
 * For readers off the streaming path (a stream folded into one answer); forward-stream parses
 * inline, without a generator per piece.
 */
export async function* sseEventBatches(body: AsyncIterable<Uint8Array>): AsyncIterable<SseEvent[]> {
  const parser = new SseParser();
  for await (const bytes of body) yield parser.push(bytes);
  yield parser.end();
}
