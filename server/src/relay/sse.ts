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
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) !== -1) {
      let line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        const event = this.flushEvent();
        if (event) events.push(event);
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      let value = colon === -1 ? '' : line.slice(colon + 1);
      if (value.startsWith(' ')) value = value.slice(1);
      if (field === 'data') this.data.push(value);
      else if (field === 'event') this.event = value;
    }
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
