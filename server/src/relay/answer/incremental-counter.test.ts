import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { IncrementalCounter } from './incremental-counter.ts';
import { countTokens, loadTokenizer } from './token-counter.ts';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const heapAfterCollection = (): number => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

describe('the incremental token counter', () => {
  it('keeps none of the events its pieces were cut from', () => {
    const counter = new IncrementalCounter();
    const EVENTS = 60;
    const EVENT_BYTES = 300_000;
    const before = heapAfterCollection();
    for (let i = 0; i < EVENTS; i++) {
      // A piece sliced out of a large event, as plainChunkText answers: V8 keeps the event for it.
      const event = `{"pad":"${'x'.repeat(EVENT_BYTES)}","content":"piece number ${String(i).padStart(3, '0')} of the answer"}`;
      const at = event.indexOf('piece');
      counter.add(event.slice(at, at + 25));
    }
    const grown = heapAfterCollection() - before;
    // Kept, the events would be 18 MB; at most the last few before a flattening may remain.
    expect(grown).toBeLessThan((EVENTS * EVENT_BYTES) / 4);
    expect(counter.chars).toBe(EVENTS * 25);
  });

  it('counts what a whole count of the joined text counts, across batches', async () => {
    await loadTokenizer();
    const pieces = Array.from({ length: 700 }, (_, i) => ` word${i % 37}, 数${i % 5}`);
    const counter = new IncrementalCounter();
    for (const piece of pieces) counter.add(piece);
    const whole = pieces.join('');
    expect(counter.chars).toBe(whole.length);
    // Batches are cut at about 2 KB, where a token may span the cut: within one token per batch.
    const total = await counter.total();
    const exact = countTokens(whole);
    expect(Math.abs(total - exact)).toBeLessThanOrEqual(Math.ceil(whole.length / 2048));
    expect(total).toBeGreaterThan(exact / 2);
  });
});
