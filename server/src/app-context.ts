import type { ChannelBalance } from '@relaygate/contract';
import type { VerificationCodes } from './auth/verification-codes.ts';
import type { ChannelIndex } from './cache/channel-index.ts';
import type { CircuitBreakers } from './cache/circuit-breakers.ts';
import type { KeyCache } from './cache/key-cache.ts';
import type { OptionsCache } from './cache/options-cache.ts';
import type { SharedState } from './cache/shared-state.ts';
import type { Config } from './config.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Notifier } from './notify/notifier.ts';
import type { JobScheduler } from './jobs/scheduler.ts';
import type { Limits } from './limits/index.ts';
import type { UpstreamAccess } from './net/upstream-json.ts';
import type { Text } from './i18n/text.ts';
import type { Metrics } from './ops/metrics.ts';
import type { Tracing } from './ops/tracing.ts';
import type { ReadinessChecks } from './ops/readiness.ts';
import type { Store } from './store/db.ts';
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

/** The shared state every feature plugin may use, declared once on the Fastify instance. */
export interface AppContext {
  config: Config;
  store: Store;
  settings: OptionsCache;
  verificationCodes: VerificationCodes;
  /** API keys and users for the relay; invalidate entries when the console changes them. */
  keys: KeyCache;
  /** The routing index; rebuild it after any channel write. */
  channels: ChannelIndex;
  /** Circuit breakers per channel × model, shared with the other nodes through the change bus. */
  breakers: CircuitBreakers;
  channelTester: ChannelTester;
  upstreamAccounts: UpstreamAccounts;
  /** The node bus and Redis: how this node shares changes and short-lived state with the others. */
  shared: SharedState;
  quotaData: ConsumptionRollup;
  /** SMTP mail with the site's settings. */
  mailer: Mailer;
  /** Quota warnings and root's channel mails, sent off the request path. */
  notifier: Notifier;
  /** Rate limits, key budgets and concurrency caps of the relay, and where they are counted. */
  limits: Limits;
  /** What /readyz checks; the relay adds its settlement journal's check. */
  readiness: ReadinessChecks;
  /** Prometheus metrics (a no-op recorder when METRICS_ENABLED is off). */
  metrics: Metrics;
  /** OpenTelemetry traces of relay calls (enabled only when an OTLP endpoint is set). */
  tracing: Tracing;
  /** The background jobs of this process (jobs/scheduler.ts); the relay and the api add their own. */
  jobs: JobScheduler;
}

declare module 'fastify' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends AppContext {}
}
