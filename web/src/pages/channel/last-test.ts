import { ChannelTestOutcome, type ChannelView } from '@relaygate/contract';
import { responseTimeColour } from './channel-status.ts';

/**
 * How a channel's last test went: never tested; passed; failed; or tested before the gateway
 * recorded outcomes (a database imported from new-api), when only its time is known.
 */
export type LastTestKind = 'untested' | 'passed' | 'failed' | 'unrecorded';

export type TestedChannel = Pick<ChannelView, 'test_outcome' | 'test_time' | 'response_time'>;

export function lastTestKind(channel: TestedChannel): LastTestKind {
  if (channel.test_outcome === ChannelTestOutcome.Failed) return 'failed';
  if (channel.test_outcome === ChannelTestOutcome.Passed) return 'passed';
  return channel.test_time > 0 || channel.response_time > 0 ? 'unrecorded' : 'untested';
}

/**
 * The tag's colour: a failure is red whatever its time, a pass coloured by its speed (never grey,
 * even under a millisecond), and a time whose outcome is unknown grey: it may have failed.
 */
export function lastTestColour(channel: TestedChannel): string {
  switch (lastTestKind(channel)) {
    case 'failed':
      return 'error';
    case 'passed':
      return responseTimeColour(Math.max(1, channel.response_time));
    default:
      return 'default';
  }
}

/** The longest error a tooltip shows; the row keeps more. */
export const MAX_SHOWN_ERROR = 300;

/** An error as the tooltip shows it: trimmed, its start when long, or null when there is none. */
export function shownError(error: string | null | undefined): string | null {
  const text = (error ?? '').trim();
  if (text === '') return null;
  return text.length > MAX_SHOWN_ERROR ? `${text.slice(0, MAX_SHOWN_ERROR)}…` : text;
}
