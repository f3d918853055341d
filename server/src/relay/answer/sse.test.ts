import { describe, expect, it } from 'vitest';
import { formatSseData, SseParser, sseEventBatches } from './sse.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds the text in pieces of `size` bytes and collects every event, including the end's. */
function parseInPieces(text: string, size: number) {
  const parser = new SseParser();
  const all = bytes(text);
  const events = [];
  for (let i = 0; i < all.length; i += size) events.push(...parser.push(all.subarray(i, i + size)));
  return [...events, ...parser.end()];
}

const STREAM =
  ': keep-alive comment\r\n' +
  'event: message_start\r\n' +
  'data: {"a":1}\r\n' +
  '\r\n' +
  'data:{"no":"space"}\n' +
  '\n' +
  'data: line one\n' +
  'data: line two\n' +
  '\n' +
  'data\n' +
  '\n' +
  'data: {"text":"é 中文 🙂"}\n' +
  '\n' +
  'data: [DONE]';

const EXPECTED = [
  { event: 'message_start', data: '{"a":1}' },
  { data: '{"no":"space"}' },
  { data: 'line one\nline two' },
  { data: '' },
  { data: '{"text":"é 中文 🙂"}' },
  { data: '[DONE]' },
];

describe('SseParser', () => {
  it('reads events with CRLF or LF, comments, multi-line data, a field without a value and no final blank line', () => {
    expect(parseInPieces(STREAM, 1 << 20)).toEqual(EXPECTED);
  });

  it('gives the same events whatever the network cuts (inside lines, CRLF pairs and multi-byte characters)', () => {
    for (const size of [1, 2, 3, 5, 7, 16]) expect(parseInPieces(STREAM, size)).toEqual(EXPECTED);
  });

  it('keeps only the unfinished tail between pushes', () => {
    const parser = new SseParser();
    expect(parser.push(bytes('data: {"a":1}\n\ndata: {"b"'))).toEqual([{ data: '{"a":1}' }]);
    expect(parser.push(bytes(':2}\n\n'))).toEqual([{ data: '{"b":2}' }]);
    expect(parser.end()).toEqual([]);
  });

  it('formats data events back', () => {
    expect(formatSseData('{"a":1}')).toBe('data: {"a":1}\n\n');
    expect(formatSseData('x', 'ping')).toBe('event: ping\ndata: x\n\n');
  });
});

describe('SseParser across pieces', () => {
  it('gives the events each piece completes, and the unterminated last one when the body ends', () => {
    const parser = new SseParser();
    const data = (events: Array<{ data: string }>) => events.map((event) => event.data);
    expect(data(parser.push(Buffer.from('data: a\n\nda')))).toEqual(['a']);
    expect(data(parser.push(Buffer.from('ta: b\n\ndata: c')))).toEqual(['b']);
    expect(data(parser.end())).toEqual(['c']);
  });
});

describe('sseEventBatches', () => {
  it('gives the events of each piece, and the unterminated last one when the body ends', async () => {
    async function* body(): AsyncIterable<Uint8Array> {
      yield Buffer.from('data: a\n\nda');
      yield Buffer.from('ta: b\n\ndata: c');
    }
    const batches = [];
    for await (const batch of sseEventBatches(body())) batches.push(batch.map((event) => event.data));
    expect(batches).toEqual([['a'], ['b'], ['c']]);
  });
});
