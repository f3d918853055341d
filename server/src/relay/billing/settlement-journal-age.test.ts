import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Settlement } from '../../store/settle-batch.ts';
import { SettlementJournal } from './settlement-journal.ts';

const settlement = (reservationId: string): Settlement => ({
  reservationId,
  payer: { userId: 1, tokenId: 1, tokenUnlimited: false },
  reserved: 10,
  cost: 5,
  channelId: 1,
});

describe("the settlement journal's age", () => {
  const dir = mkdtempSync(join(tmpdir(), 'journal-age-'));
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts from when it stopped being empty until it is empty again', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const journal = new SettlementJournal(join(dir, 'journal.jsonl'));
    expect(journal.ageSeconds).toBe(0);
    journal.append([settlement('a')]);
    vi.setSystemTime(1_030_000);
    journal.append([settlement('b')]);
    vi.setSystemTime(1_090_000);
    // From the first settlement kept, not the last.
    expect(journal.ageSeconds).toBe(90);
    const kept = journal.read();
    journal.replace(kept.slice(1));
    expect(journal.ageSeconds).toBe(90);
    journal.replace([]);
    expect(journal.size).toBe(0);
    expect(journal.ageSeconds).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  });
});
