/** The periodic test of every channel (new-api's CHANNEL_TEST_FREQUENCY), on one node of the cluster. */
import type { ChannelTester } from '../ports.ts';
import type { Store } from '../store/db.ts';
import { channelIdsToTest } from '../store/channel-tests.ts';
import type { JobDefinition } from './scheduler.ts';

export const CHANNEL_TEST_JOB = 'channel-auto-test';

/** What one run did. */
export interface ChannelTestSummary {
  tested: number;
  failed: number;
}

/**
 * Tests every channel except those an admin turned off, one after another, as the console's "test
 * all" does: the tester records each outcome, disables a failing channel by the auto-disable rules
 * (AutomaticDisableChannelEnabled, the channel's auto_ban, the status codes and keywords, the time
 * threshold), and re-enables an automatically disabled one whose test passes when
 * AutomaticEnableChannelEnabled is on. A run that loses its lease stops before the next channel.
 */
export function channelAutoTestJob(
  store: Store,
  tester: ChannelTester,
  intervalMs: number,
  onChannelError: (channelId: number, error: unknown) => void,
): JobDefinition {
  return {
    name: CHANNEL_TEST_JOB,
    intervalMs,
    scope: 'leased',
    async run(context): Promise<ChannelTestSummary> {
      const summary: ChannelTestSummary = { tested: 0, failed: 0 };
      for (const id of await channelIdsToTest(store.db)) {
        if (context.cancelled) break;
        summary.tested += 1;
        try {
          if (!(await tester.test(id)).success) summary.failed += 1;
        } catch (error) {
          summary.failed += 1;
          onChannelError(id, error);
        }
      }
      return summary;
    },
  };
}
