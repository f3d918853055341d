import { ChannelTestOutcome } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { MAX_SHOWN_ERROR, lastTestColour, lastTestKind, shownError } from './last-test.ts';

const channel = (test_outcome: number, response_time: number, test_time = 1_700_000_000) => ({
  test_outcome,
  response_time,
  test_time,
});

describe('the last test of a channel', () => {
  it('reads a failed test as failed and red, however fast it was', () => {
    const failed = channel(ChannelTestOutcome.Failed, 10);
    expect([lastTestKind(failed), lastTestColour(failed)]).toEqual(['failed', 'error']);
    const refusedAtOnce = channel(ChannelTestOutcome.Failed, 0);
    expect([lastTestKind(refusedAtOnce), lastTestColour(refusedAtOnce)]).toEqual(['failed', 'error']);
  });

  it('colours a pass by its speed, and a pass under a millisecond as fast, not untested', () => {
    expect(lastTestColour(channel(ChannelTestOutcome.Passed, 800))).toBe('green');
    expect(lastTestColour(channel(ChannelTestOutcome.Passed, 4000))).toBe('yellow');
    expect(lastTestColour(channel(ChannelTestOutcome.Passed, 0))).toBe('green');
    expect(lastTestKind(channel(ChannelTestOutcome.Passed, 0))).toBe('passed');
  });

  it('keeps a time whose outcome was never recorded grey, and tells it from never tested', () => {
    const imported = channel(ChannelTestOutcome.Unknown, 10);
    expect([lastTestKind(imported), lastTestColour(imported)]).toEqual(['unrecorded', 'default']);
    const never = channel(ChannelTestOutcome.Unknown, 0, 0);
    expect([lastTestKind(never), lastTestColour(never)]).toEqual(['untested', 'default']);
    // A server that does not send the outcome at all.
    expect(lastTestKind({ response_time: 10, test_time: 5 } as never)).toBe('unrecorded');
  });

  it('shows an error trimmed, its start when long, and nothing when empty', () => {
    expect(shownError('  invalid api key \n')).toBe('invalid api key');
    expect(shownError('')).toBeNull();
    expect(shownError(undefined)).toBeNull();
    const long = shownError('x'.repeat(1000))!;
    expect(long).toHaveLength(MAX_SHOWN_ERROR + 1);
    expect(long.endsWith('…')).toBe(true);
  });
});
