import { ChannelTestOutcome } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/text.ts';
import { MAX_TEST_ERROR, testColumns, testErrorIn } from './channel-tests.ts';

const NOW = 1_700_000_000;

describe('channel test columns', () => {
  it('records a passed test with its time and no error', () => {
    expect(testColumns({ elapsedMs: 123.0000001 }, NOW)).toEqual({
      test_time: NOW,
      response_time: 123,
      test_outcome: ChannelTestOutcome.Passed,
      test_error: null,
      test_error_text: null,
    });
  });

  it("records a failure in the upstream's own words, the start of a long page only", () => {
    const short = testColumns({ elapsedMs: 10, failure: 'invalid api key' }, NOW);
    expect([short.test_outcome, short.response_time, short.test_error, short.test_error_text]).toEqual([
      ChannelTestOutcome.Failed,
      10,
      'invalid api key',
      null,
    ]);
    const long = testColumns({ elapsedMs: 0, failure: 'x'.repeat(5000) }, NOW);
    expect(long.test_error).toHaveLength(MAX_TEST_ERROR + 1);
    expect(long.test_error!.endsWith('…')).toBe(true);
  });

  it("keeps a message of ours so it can be said in the reader's language", () => {
    const failure = msg('channel.testConnectionFailed', { reason: 'ECONNREFUSED' });
    const row = testColumns({ elapsedMs: 5, failure }, NOW);
    expect(row.test_error).toContain('ECONNREFUSED');
    expect(testErrorIn(row, 'en')).toBe(row.test_error);
    const zh = testErrorIn(row, 'zh');
    expect(zh).toContain('ECONNREFUSED');
    expect(zh).not.toBe(row.test_error);
  });

  it('keeps English only when the message is too long, or its stored form unreadable', () => {
    const failure = msg('channel.testConnectionFailed', { reason: 'y'.repeat(3000) });
    const row = testColumns({ elapsedMs: 5, failure }, NOW);
    expect(row.test_error_text).toBeNull();
    expect(testErrorIn(row, 'zh')).toBe(row.test_error);
    expect(testErrorIn({ test_error: 'words', test_error_text: '{broken' }, 'zh')).toBe('words');
    expect(testErrorIn({ test_error: 'words', test_error_text: '{"id":"no.such"}' }, 'zh')).toBe('words');
    expect(testErrorIn({ test_error: null, test_error_text: null }, 'zh')).toBe('');
  });
});
