/**
 * What one feature offers another through the app's wiring (app.ts, server.ts), so that neither
 * imports the other: the relay tests channels and asks upstream accounts for the console API and the
 * jobs; the dashboard's roll-up (jobs/quota-data.ts) hears the relay's settlements.
 */
import type { ChannelBalance } from '@relaygate/contract';
import type { Text } from './i18n/text.ts';
import type { UpstreamAccess } from './net/upstream-json.ts';
import type { BatchResult, Settlement } from './store/settle-batch.ts';

export interface ChannelTestResult {
  success: boolean;
  /** The outcome in English (logs, status reasons). */
  message: string;
  /** The same outcome for the console, rendered in its language; absent: `message` is shown. */
  text?: Text;
  /** Seconds the test call took. */
  time: number;
  /** The model the test asked for, once one was chosen (the given one, the channel's test model or its first). */
  model?: string;
}

/**
 * What the console API needs from the relay without importing it: the relay provides it and
 * app.ts wires it in (relay and api stay independent of each other).
 */
export interface ChannelTester {
  /** Sends one small real call through the channel, records response time, applies auto-disable/enable. */
  test(channelId: number, model?: string): Promise<ChannelTestResult>;
}

/**
 * The console's questions to a channel's upstream account, answered by the relay's provider
 * families without the api importing the relay (app wiring passes the relay's implementation in).
 * Failures throw an UpstreamQueryError (net/upstream-json.ts) the console shows as it is.
 */
export interface UpstreamAccounts {
  /** The model ids the account offers, distinct, in the upstream's order. */
  listModels(channelType: number, base: string, access: UpstreamAccess): Promise<string[]>;
  /** Whether accounts of this channel type can tell their balance. */
  hasBalance(channelType: number): boolean;
  /** The account's remaining balance, in the currency its provider keeps it in. */
  balance(channelType: number, base: string, access: UpstreamAccess): Promise<ChannelBalance>;
}

/** The dashboard's roll-up (jobs/quota-data.ts), told of every committed settlement batch by the relay. */
export interface ConsumptionRollup {
  settled(result: BatchResult, batch: Settlement[]): void;
  /** Writes what every process counted so far, before the dashboard is read. */
  freshen(): Promise<void>;
}
