/** One server-sent event: its name (`message` unless an `event:` field names it) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental server-sent-events parser (the WHATWG event-stream rules): feed it text as it
 * arrives, in pieces cut anywhere, and it answers the events completed by each piece. Lines end in
 * LF, CRLF or CR; `:` lines are comments; an event ends at a blank line; an event the stream left
 * unfinished when it ended is dropped, as a browser's EventSource drops it.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';

  push(text: string): SseEvent[] {
    this.buffer += text;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A CR at the very end may be the first half of a CRLF cut by the chunk boundary: wait for more.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** The stream ended: a last line left in the buffer still counts, an unfinished event does not. */
  end(): SseEvent[] {
    const rest = this.buffer.endsWith('\r') ? this.push('\n') : [];
    this.buffer = '';
    this.data = [];
    this.event = '';
    return rest;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    return null;
  }

  private dispatch(): SseEvent | null {
    const event =
      this.data.length > 0 ? { event: this.event || 'message', data: this.data.join('\n') } : null;
    this.data = [];
    this.event = '';
    return event;
  }
}
