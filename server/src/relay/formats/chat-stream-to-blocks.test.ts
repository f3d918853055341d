import { describe, expect, it } from 'vitest';
import { ChatStreamToBlocks, type OpenBlock, type TextKind } from './chat-stream-to-blocks.ts';
import type { ChatToolCall } from './openai-chat-read.ts';
import type { Json, OutEvent } from './types.ts';

/** A converter that writes each hook call as one readable event, to see the skeleton's order. */
class Recorder extends ChatStreamToBlocks<OpenBlock> {
  protected errorEvent(message: string): OutEvent {
    return { data: `error ${message}` };
  }
  protected begin(out: OutEvent[], upstreamId: unknown): void {
    out.push({ data: `begin ${String(upstreamId)}` });
  }
  protected textBlock(out: OutEvent[], kind: TextKind, index: number): OpenBlock {
    out.push({ data: `open ${index} ${kind}` });
    return { kind, index };
  }
  protected textDelta(out: OutEvent[], block: OpenBlock, piece: string): void {
    out.push({ data: `delta ${block.index} ${piece}` });
  }
  protected endBlock(out: OutEvent[], block: OpenBlock): void {
    out.push({ data: `close ${block.index}` });
  }
  /** Each call is a block of its own here, taking the next index. */
  protected toolDelta(out: OutEvent[], call: ChatToolCall): void {
    this.openBlock(out, (index) => {
      out.push({ data: `open ${index} tool ${call.name}` });
      return { kind: 'tool', index };
    });
  }
  protected finishAnswer(out: OutEvent[]): void {
    const usage = this.latestUsage;
    out.push({ data: `finish ${this.finish ?? '-'} ${usage ? usage.completionTokens : '-'}` });
  }
}

const chunk = (delta: Json, finish: string | null = null, usage?: Json): Json => ({
  id: 'chatcmpl-1',
  choices: [{ index: 0, delta, finish_reason: finish }],
  ...(usage ? { usage } : {}),
});
const usageChunk = (completion: number): Json => ({
  id: 'chatcmpl-1',
  choices: [],
  usage: { prompt_tokens: 3, completion_tokens: completion },
});
const run = (converter: Recorder, chunks: Json[]): string[] =>
  chunks.flatMap((data) => converter.push({ data })).map((e) => e.data);

describe('ChatStreamToBlocks', () => {
  it('begins once, puts reasoning and text in blocks of their kind at the next index, closing the one before', () => {
    const converter = new Recorder();
    expect(
      run(converter, [
        chunk({ role: 'assistant', content: '' }),
        chunk({ reasoning_content: 'Hm' }),
        chunk({ reasoning_content: 'm.' }),
        chunk({ content: 'Yes' }),
        chunk({ content: '!' }),
      ]),
    ).toEqual([
      'begin chatcmpl-1',
      'open 0 reasoning',
      'delta 0 Hm',
      'delta 0 m.',
      'close 0',
      'open 1 text',
      'delta 1 Yes',
      'delta 1 !',
    ]);
  });

  it('gives a block the subclass opens (a tool call) the next index too, after closing the text', () => {
    const converter = new Recorder();
    const call = { index: 0, id: 'call_1', function: { name: 'f', arguments: '{}' } };
    expect(run(converter, [chunk({ content: 'Let me look.' }), chunk({ tool_calls: [call] })])).toEqual([
      'begin chatcmpl-1',
      'open 0 text',
      'delta 0 Let me look.',
      'close 0',
      'open 1 tool f',
    ]);
  });

  it('finishes at once when the finish chunk carries the usage', () => {
    const converter = new Recorder();
    const events = run(converter, [
      chunk({ content: 'Hi' }),
      chunk({}, 'stop', { prompt_tokens: 3, completion_tokens: 2 }),
    ]);
    expect(events.slice(-2)).toEqual(['close 0', 'finish stop 2']);
    expect(converter.end()).toEqual([]);
  });

  it('waits after the finish reason for the usage chunk, and sends nothing more once finished', () => {
    const converter = new Recorder();
    expect(run(converter, [chunk({ content: 'Hi' }), chunk({}, 'length')]).at(-1)).toBe('close 0');
    expect(run(converter, [usageChunk(7)])).toEqual(['finish length 7']);
    expect(run(converter, [chunk({ content: 'late' }), usageChunk(9)])).toEqual([]);
    expect(converter.end()).toEqual([]);
    // Billing still reads the latest usage.
    expect(converter.usage()?.completionTokens).toBe(9);
  });

  it('closes and finishes a stream that ends without a finish reason or usage', () => {
    const converter = new Recorder();
    run(converter, [chunk({ content: 'Hi' })]);
    expect(converter.end().map((e) => e.data)).toEqual(['close 0', 'finish - -']);
  });

  it('still begins and finishes a stream that sent nothing', () => {
    expect(
      new Recorder()
        .end()
        .map((e) => e.data)
        .join(', '),
    ).toBe('begin undefined, finish - -');
  });

  it('ends with the error event on an error chunk', () => {
    const converter = new Recorder();
    run(converter, [chunk({ content: 'Hi' })]);
    expect(run(converter, [{ error: { message: 'overloaded' } }])).toEqual(['error overloaded']);
    expect(converter.end()).toEqual([]);
  });
});
