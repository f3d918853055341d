import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettlementWriteAhead } from '../src/relay/billing/settlement-write-ahead.ts';
import type { Settlement } from '../src/store/settle-batch.ts';

const settlement = (id: number): Settlement => ({
  reservationId: `r-${id}`,
  payer: { userId: 1, tokenId: 2, tokenUnlimited: false },
  reserved: 100,
  cost: 40,
  channelId: 3,
  log: { user_id: 1, type: 2, model_name: 'm', other: '{}' },
});

describe('the write-ahead of settlements', () => {
  let dir: string;
  let journalPath: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'relaygate-ahead-'));
    journalPath = join(dir, 'settlements-0.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const segments = () =>
    readdirSync(dir)
      .filter((file) => file.includes('.ahead-'))
      .sort();
  const ids = (list: Settlement[]) => list.map((s) => s.reservationId);

  it('keeps every recorded settlement on disk until it is finished, for the next process to read', () => {
    const killed = new SettlementWriteAhead(journalPath);
    const recorded = [1, 2, 3].map(settlement);
    for (const s of recorded) killed.record(s);
    killed.finished([recorded[0]!]);
    // Killed here: nothing closed. The next process reads all three (a settled one changes nothing).
    const next = new SettlementWriteAhead(journalPath);
    expect(ids(next.leftovers())).toEqual(['r-1', 'r-2', 'r-3']);
    expect(next.leftovers()[1]).toEqual(recorded[1]);
    next.record(settlement(4));
    next.dropLeftovers();
    expect(segments()).toEqual(['settlements-0.jsonl.ahead-1']);
    expect(next.leftovers()).toEqual([]);
  });

  it('empties the segment being written once everything in it is finished, and removes it on close', () => {
    const writeAhead = new SettlementWriteAhead(journalPath);
    const recorded = [1, 2].map(settlement);
    for (const s of recorded) writeAhead.record(s);
    const left = () => ids(new SettlementWriteAhead(journalPath).leftovers());
    expect(left()).toEqual(['r-1', 'r-2']);
    writeAhead.finished(recorded);
    expect(left()).toEqual([]);
    const third = settlement(3);
    writeAhead.record(third);
    writeAhead.finished([settlement(3)]); // an equal object, not the one recorded: not finished
    expect(left()).toEqual(['r-3']);
    writeAhead.close();
    expect(segments()).toEqual(['settlements-0.jsonl.ahead-0']);
    const other = new SettlementWriteAhead(journalPath);
    other.record(settlement(4));
    other.finished([]);
    other.close();
    expect(segments(), 'a segment with a settlement still open is kept').toEqual([
      'settlements-0.jsonl.ahead-0',
      'settlements-0.jsonl.ahead-1',
    ]);
    const done = new SettlementWriteAhead(journalPath);
    const fifth = settlement(5);
    done.record(fifth);
    done.finished([fifth]);
    done.close();
    expect(segments()).not.toContain('settlements-0.jsonl.ahead-2');
  });

  it('begins a new segment when one is full and removes the full one once all of it is finished', () => {
    const writeAhead = new SettlementWriteAhead(journalPath);
    const first = Array.from({ length: 2_000 }, (_, i) => settlement(i));
    for (const s of first) writeAhead.record(s);
    const second = settlement(2_000);
    writeAhead.record(second);
    expect(segments()).toEqual(['settlements-0.jsonl.ahead-0', 'settlements-0.jsonl.ahead-1']);
    writeAhead.finished(first.slice(0, 1_999));
    expect(segments()).toHaveLength(2);
    writeAhead.finished([first[1_999]!]);
    expect(segments()).toEqual(['settlements-0.jsonl.ahead-1']);
    writeAhead.finished([second]);
    writeAhead.close();
    expect(segments()).toEqual([]);
  });

  it('reads every whole line of a segment a crash cut short, and numbers its own after it', () => {
    writeFileSync(
      join(dir, 'settlements-0.jsonl.ahead-4'),
      `${JSON.stringify(settlement(1))}\n{"reservationId":"r-2","pay`,
    );
    const next = new SettlementWriteAhead(journalPath);
    expect(ids(next.leftovers())).toEqual(['r-1']);
    next.record(settlement(5));
    expect(segments()).toEqual(['settlements-0.jsonl.ahead-4', 'settlements-0.jsonl.ahead-5']);
    expect(ids(next.leftovers())).toEqual(['r-1']);
  });

  it('settles from memory when the disk refuses a line, and says so', () => {
    const failures: unknown[] = [];
    const writeAhead = new SettlementWriteAhead(journalPath, (error) => failures.push(error));
    rmSync(dir, { recursive: true, force: true });
    expect(() => writeAhead.record(settlement(1))).not.toThrow();
    expect(failures).toHaveLength(1);
    expect(existsSync(dir)).toBe(false);
  });
});
