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
import type { Metrics } from './ops/metrics.ts';
import type { Tracing } from './ops/tracing.ts';
import type { ReadinessChecks } from './ops/readiness.ts';
import type { Store } from './store/db.ts';
import type { ChannelTester, ConsumptionRollup, UpstreamAccounts } from './ports.ts';

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
