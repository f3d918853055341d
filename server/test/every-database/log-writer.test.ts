import { describe, expect, it } from 'vitest';
import { LogType } from '@relaygate/contract';
import { writeLogs, type NewLog } from '../../src/store/log-writer.ts';
import { useMigratedStore } from '../support/migrated-store.ts';
import { databaseUnavailable } from '../support/test-server.ts';

/** Texts that break a hand-built statement or array literal if anything is escaped wrongly. */
const AWKWARD = [
  `quote " and 'single'`,
  'back\\slash and \\" both',
  '{braces}, commas, and (parens)',
  'NULL',
  '',
  '  spaces around  ',
  '汉字 and emoji 🚀',
  'line\nbreak\ttab',
];

/**
 * Log rows go in by a statement written by hand (one array per column on PostgreSQL, a multi-row
 * VALUES list elsewhere): every value must come back as it was given, whatever its characters,
 * and a field left out must take the column's default.
 */
describe.skipIf(databaseUnavailable())('log rows written in one batch', () => {
  const fresh = useMigratedStore();

  it('keeps every value of every row, in every column', async () => {
    const rows: NewLog[] = AWKWARD.map((text, i) => ({
      user_id: 10 + i,
      created_at: 1_700_000_000 + i,
      type: LogType.Consume,
      content: text,
      username: `user${i}`,
      token_name: text.slice(0, 40),
      model_name: text.slice(0, 40),
      quota: 2 ** 40 + i,
      prompt_tokens: i,
      completion_tokens: 1000 + i,
      use_time: i,
      is_stream: i % 2,
      channel_id: 3,
      token_id: 4 + i,
      group: text.slice(0, 20),
      ip: '127.0.0.1',
      request_id: `req-${i}`,
      upstream_request_id: text.slice(0, 60),
      other: JSON.stringify({ text, n: i }),
    }));
    await writeLogs(fresh.store, rows);
    const stored = await fresh.store.db
      .selectFrom('logs')
      .selectAll()
      .where('request_id', 'like', 'req-%')
      .orderBy('user_id')
      .execute();
    expect(stored).toHaveLength(rows.length);
    stored.forEach((row, i) => {
      for (const [column, given] of Object.entries(rows[i]!)) {
        const value: unknown = row[column as keyof typeof row];
        // Engines hand bigints back as strings and booleans as true or 1: compared as numbers.
        expect(typeof given === 'number' ? Number(value) : value, column).toEqual(given);
      }
    });
  });

  it('gives the fields a row leaves out their defaults, and writes hundreds of rows at once', async () => {
    const rows: NewLog[] = Array.from({ length: 450 }, (_, i) => ({
      user_id: 500,
      type: LogType.Consume,
      quota: i,
      request_id: `many-${i}`,
    }));
    await writeLogs(fresh.store, rows);
    const stored = await fresh.store.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', 500)
      .orderBy('quota')
      .execute();
    expect(stored.map((row) => Number(row.quota))).toEqual(rows.map((_, i) => i));
    expect(stored[0]).toMatchObject({ username: '', token_name: '', group: '', content: null, other: null });
    expect(Number(stored[0]!.is_stream)).toBe(0);
    expect(Number(stored[0]!.created_at)).toBeGreaterThan(1_700_000_000);
  });
});
