import { ChannelStatus, ChannelTestOutcome } from '@relaygate/contract';
import { asText, render, type Text } from '../i18n/text.ts';
import type { Language } from '../i18n/language.ts';
import type { Db } from './db.ts';
import { nowSeconds } from './users.ts';

/** An upstream's error page can be long: the row keeps its start. */
export const MAX_TEST_ERROR = 1000;

/** What one channel test found: how long it took, and why it failed (absent when it passed). */
export interface ChannelTestRecord {
  elapsedMs: number;
  /** The upstream's own words, or a message of ours. */
  failure?: string | Text;
}

const clip = (words: string) =>
  words.length > MAX_TEST_ERROR ? `${words.slice(0, MAX_TEST_ERROR)}…` : words;

/** The columns a test writes: its time, how long it took, and whether and why it failed. */
export function testColumns(record: ChannelTestRecord, now = nowSeconds()) {
  const { failure } = record;
  const common = { test_time: now, response_time: Math.max(0, Math.round(record.elapsedMs)) };
  if (failure === undefined)
    return { ...common, test_outcome: ChannelTestOutcome.Passed, test_error: null, test_error_text: null };
  const words = typeof failure === 'string' ? failure : render(failure, 'en');
  const text = typeof failure === 'string' ? null : JSON.stringify(failure);
  return {
    ...common,
    test_outcome: ChannelTestOutcome.Failed,
    test_error: clip(words),
    // A message of ours whose parameters (an upstream's words) make it too long is kept in English only.
    test_error_text: text !== null && text.length <= MAX_TEST_ERROR * 2 ? text : null,
  };
}

/** Records a test on the channel's row, where every node and every admin reads it. */
export async function recordChannelTest(db: Db, id: number, record: ChannelTestRecord): Promise<void> {
  await db.updateTable('channels').set(testColumns(record)).where('id', '=', id).execute();
}

function storedText(json: string): Text | null {
  try {
    return asText(JSON.parse(json));
  } catch {
    return null;
  }
}

/** Why the last test failed, in `language` when the gateway said it; '' when it did not fail. */
export function testErrorIn(
  row: { test_error: string | null; test_error_text: string | null },
  language: Language,
): string {
  const text = row.test_error_text ? storedText(row.test_error_text) : null;
  return text ? render(text, language) : (row.test_error ?? '');
}

/** The channels "test all" tests, lowest id first: every one except those an admin turned off. */
export async function channelIdsToTest(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('channels')
    .select('id')
    .where('status', '!=', ChannelStatus.ManuallyDisabled)
    .orderBy('id')
    .execute();
  return rows.map((row) => Number(row.id));
}
