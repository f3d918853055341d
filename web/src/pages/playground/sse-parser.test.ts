import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.ts';

/** Feeds the text cut at every given offset and collects every event. */
function parseInPieces(text: string, cuts: number[]) {
  const parser = new SseParser();
  const bounds = [0, ...cuts, text.length];
  const events = bounds.slice(1).flatMap((end, i) => parser.push(text.slice(bounds[i], end)));
  return [...events, ...parser.end()];
}

describe('SseParser', () => {
  const stream = 'data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n';
  const expected = [
    { event: 'message', data: '{"a":1}' },
    { event: 'message', data: '{"b":2}' },
    { event: 'message', data: '[DONE]' },
  ];

  it('reads whole events from one piece', () => {
    expect(parseInPieces(stream, [])).toEqual(expected);
  });

  it('gives the same events however the text is cut, one character at a time included', () => {
    for (let cut = 1; cut < stream.length; cut++) {
      expect(parseInPieces(stream, [cut]), `cut at ${cut}`).toEqual(expected);
    }
    const everyCharacter = Array.from({ length: stream.length - 1 }, (_, i) => i + 1);
    expect(parseInPieces(stream, everyCharacter)).toEqual(expected);
  });

  it('accepts CRLF and CR line ends, also when a CRLF is cut in two', () => {
    const crlf = stream.replaceAll('\n', '\r\n');
    for (let cut = 1; cut < crlf.length; cut++) {
      expect(parseInPieces(crlf, [cut]), `cut at ${cut}`).toEqual(expected);
    }
    expect(parseInPieces(stream.replaceAll('\n', '\r'), [7])).toEqual(expected);
  });

  it('only completes an event at its blank line', () => {
    const parser = new SseParser();
    expect(parser.push('data: {"a":1}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: '{"a":1}' }]);
  });

  it('joins data lines, keeps event names, skips comments and fields it does not know', () => {
    const text = ': keep-alive\nevent: error\nid: 7\ndata: first\ndata:second\nretry: 10\n\n';
    expect(parseInPieces(text, [5, 20])).toEqual([{ event: 'error', data: 'first\nsecond' }]);
  });

  it('ignores a blank line with no data, and resets the event name after each event', () => {
    const text = '\n\nevent: error\n\ndata: x\n\n';
    expect(parseInPieces(text, [])).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('drops an event the stream left unfinished', () => {
    expect(parseInPieces('data: {"a":1}\n\ndata: {"b"', [])).toEqual([{ event: 'message', data: '{"a":1}' }]);
  });

  it('decodes multi-byte characters cut across chunks when used with a streaming decoder', () => {
    const bytes = new TextEncoder().encode('data: 你好\n\n');
    const decoder = new TextDecoder();
    const parser = new SseParser();
    const events = [
      ...parser.push(decoder.decode(bytes.slice(0, 8), { stream: true })),
      ...parser.push(decoder.decode(bytes.slice(8), { stream: true })),
    ];
    expect(events).toEqual([{ event: 'message', data: '你好' }]);
  });
});
