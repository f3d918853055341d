import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isIpOrCidr } from './net/ip-allow-list.ts';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'TRUE', 'FALSE', 'True', 'False'])
  .transform((v) => v === 'true' || v === '1' || v === 'TRUE' || v === 'True');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** Seconds, decimals allowed (tests use fractions), at most a day. */
const seconds = (fallback: number) => z.coerce.number().positive().max(86_400).default(fallback);
/** Minutes, decimals allowed (tests use fractions), at most a week; an empty value reads as unset. */
const minutes = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().positive().max(10_080).optional(),
);

const httpAddress = (fallback: string) =>
  z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { message: 'must be an http(s) address' })
    .default(fallback)
    .transform((url) => url.replace(/\/+$/, ''));

/** The environment variables Relaygate reads; names follow new-api's where the concept is the same. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  SQL_DSN: z
    .string()
    .default('')
    .refine((dsn) => dsn === '' || /^(postgres|postgresql|mysql):\/\//.test(dsn), {
      message: 'must be empty (SQLite), postgres://…, postgresql://… or mysql://…',
    }),
  SQLITE_PATH: z.string().min(1).default('data/relaygate.db'),
  LOG_SQL_DSN: z
    .string()
    .default('')
    .refine((dsn) => dsn === '' || /^(postgres|postgresql|mysql):\/\/|^sqlite:./.test(dsn), {
      message:
        'must be empty (logs in the main database), postgres://…, postgresql://…, mysql://… or sqlite:<file>',
    }),
  SESSION_SECRET: z
    .string()
    .refine((s) => s !== 'random_string', { message: 'must not be the placeholder "random_string"' })
    .optional(),
  REDIS_CONN_STRING: z
    .string()
    .default('')
    .refine((s) => s === '' || /^rediss?:\/\//.test(s), { message: 'must be a redis:// or rediss:// URL' }),
  REDIS_KEY_PREFIX: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9:_.-]*$/, { message: 'must be letters, digits and : _ . - only' })
    .default('relaygate:'),
  INITIAL_ROOT_ACCESS_TOKEN: z.string().max(32).optional(),
  INITIAL_ROOT_TOKEN: z
    .string()
    .regex(/^(sk-)?[A-Za-z0-9]{1,128}$/, {
      message: 'must be letters and digits, optionally prefixed with sk-',
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SYNC_FREQUENCY: positiveInt(60),
  STREAMING_TIMEOUT: positiveInt(300),
  /** After SIGTERM, how long calls and streams in flight may take to finish before they are cut. */
  SHUTDOWN_GRACE_SECONDS: seconds(30),
  MAX_REQUEST_BODY_MB: positiveInt(128),
  API_BODY_LIMIT_KB: positiveInt(1024),
  TRUST_PROXY: booleanFromEnv.default(false),
  WORKERS: z.union([z.literal('auto'), z.coerce.number().int().min(0).max(256)]).optional(),
  SQL_MAX_OPEN_CONNS: z.coerce.number().int().min(1).max(10_000).optional(),
  SQL_MAX_IDLE_CONNS: z.coerce.number().int().min(0).max(10_000).optional(),
  SQL_MAX_LIFETIME: z.coerce.number().int().min(0).max(86_400).default(300),
  SQL_QUERY_TIMEOUT: z.coerce.number().positive().max(3600).default(30),
  SQL_IDLE_TRANSACTION_TIMEOUT: z.coerce.number().min(0).max(86_400).default(30),
  WEB_DIST: z.string().min(1).optional(),
  STRIPE_API_BASE: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { message: 'must be an http(s) address' })
    .default('https://api.stripe.com'),
  GITHUB_OAUTH_BASE_URL: httpAddress('https://github.com'),
  GITHUB_API_BASE_URL: httpAddress('https://api.github.com'),
  LINUXDO_BASE_URL: httpAddress('https://connect.linux.do'),
  SETTLEMENT_JOURNAL_DIR: z.string().min(1).default('data/journal'),
  RESERVATION_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** new-api's: polling unfinished tasks (drawings, music, video) is on unless this is false. */
  UPDATE_TASK: booleanFromEnv.default(true),
  TASK_QUERY_LIMIT: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Minutes (decimals allowed) after which a task still unfinished is failed and refunded. */
  TASK_TIMEOUT_MINUTES: z.coerce.number().positive().max(525_600).default(1440),
  TASK_POLL_INTERVAL_SECONDS: seconds(15),
  /** How long the node polling tasks holds the job unrenewed before another takes it over. */
  TASK_POLL_LEASE_SECONDS: seconds(60),
  /** Set by the cluster primary for each worker it starts; a worker restarted in its place keeps it. */
  RELAYGATE_WORKER_SLOT: z.coerce.number().int().min(0).max(255).default(0),
  HTTP_HEADERS_TIMEOUT: seconds(30),
  HTTP_BODY_TIMEOUT: seconds(60),
  HTTP_KEEP_ALIVE_TIMEOUT: seconds(72),
  // Unlimited by default, as Node's: past the limit Node answers a request already sent on the
  // socket with a bare 503, which a client that pipelines or ignores `Connection: close` sees as a failure.
  HTTP_MAX_REQUESTS_PER_SOCKET: z.coerce.number().int().min(0).max(1_000_000).default(0),
  TURNSTILE_VERIFY_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { message: 'must be an http(s) address' })
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /** A PEM file of extra certificate authorities trusted for notification webhooks (tests' local mock). */
  NOTIFY_WEBHOOK_CA_FILE: z.string().min(1).optional(),
  GLOBAL_API_RATE_LIMIT_ENABLE: booleanFromEnv.default(true),
  GLOBAL_API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(360),
  GLOBAL_API_RATE_LIMIT_DURATION: z.coerce.number().int().min(1).max(86_400).default(180),
  GLOBAL_WEB_RATE_LIMIT_ENABLE: booleanFromEnv.default(true),
  GLOBAL_WEB_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
  GLOBAL_WEB_RATE_LIMIT_DURATION: z.coerce.number().int().min(1).max(86_400).default(180),
  /** Prometheus metrics at /metrics: off unless true. */
  METRICS_ENABLED: booleanFromEnv.default(false),
  /** A scrape must send `Authorization: Bearer <this>` (or come from METRICS_ALLOWED_IPS). */
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** Addresses or CIDR ranges, comma-separated, that may scrape without the token. */
  METRICS_ALLOWED_IPS: z
    .string()
    .default('')
    .refine((s) => addressEntries(s).every(isIpOrCidr), {
      message: 'must be IP addresses or CIDR ranges, separated by commas',
    }),
  /** OpenTelemetry traces of relay calls go to this OTLP/HTTP collector (…/v1/traces); unset: no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { message: 'must be an http(s) address' })
    .optional(),
  /** The traces' full address, used as it is (instead of OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { message: 'must be an http(s) address' })
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(256).default('relaygate'),
  /** Milliseconds finished spans wait to be sent together. */
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  OTEL_SDK_DISABLED: booleanFromEnv.default(false),
  /** /readyz says not ready once the settlement journal has held settlements this long. */
  READY_JOURNAL_STUCK_SECONDS: positiveInt(300),
  /** The default of the LogRetentionDays option until the console sets it; 0: logs are kept. */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
  /** How often the retention job looks for rows past their age, and how many it deletes per statement. */
  RETENTION_INTERVAL_SECONDS: seconds(3600),
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** new-api's: minutes between two tests of every channel (decimals allowed); unset: no automatic test. */
  CHANNEL_TEST_FREQUENCY: minutes.optional(),
  /** new-api's: minutes between two balance refreshes of every enabled channel; unset: none. */
  CHANNEL_UPDATE_FREQUENCY: minutes.optional(),
  /** The lease of every leased background job (tests shorten it); unset: twice the job's interval, a minute at least. */
  JOB_LEASE_SECONDS: z.coerce.number().positive().max(86_400).optional(),
  CRITICAL_RATE_LIMIT_ENABLE: booleanFromEnv.default(true),
  CRITICAL_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  CRITICAL_RATE_LIMIT_DURATION: z.coerce.number().int().min(1).max(86_400).default(1200),
});

const inMs = (value: number | undefined, unitMs: number) =>
  value === undefined ? undefined : Math.round(value * unitMs);

function addressEntries(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** `limit` requests per `windowSeconds` from one client address; null: off. */
export type AddressLimit = { limit: number; windowSeconds: number } | null;

export interface AddressLimitSettings {
  /** GLOBAL_API_RATE_LIMIT*: the console API (/api/*, /dashboard/*). */
  api: AddressLimit;
  /** GLOBAL_WEB_RATE_LIMIT*: the console's pages and files. */
  web: AddressLimit;
  /** CRITICAL_RATE_LIMIT*: payment and redemption calls (sign-in counts it on its own, auth/sign-in-limits.ts). */
  critical: AddressLimit;
}

export interface Config {
  port: number;
  host: string;
  sqlDsn: string;
  sqlitePath: string;
  /** LOG_SQL_DSN: a database of their own for the log rows; empty, they stay in the main one. */
  logSqlDsn: string;
  sessionSecret: string;
  /** True when SESSION_SECRET was not set: sessions end when the process restarts. */
  sessionSecretGenerated: boolean;
  redisUrl: string;
  /** Put before every Redis key and channel, so several gateways (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  initialRootAccessToken?: string;
  initialRootToken?: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  syncFrequencySeconds: number;
  streamingTimeoutSeconds: number;
  /** SHUTDOWN_GRACE_SECONDS in ms: calls still open this long after SIGTERM are cut (and settled as cut). */
  shutdownGraceMs: number;
  maxRequestBodyBytes: number;
  apiBodyLimitBytes: number;
  trustProxy: boolean;
  /** Worker processes: WORKERS, or 'auto'/0 for one per core; unset means 1 on SQLite, one per core otherwise. */
  workers: number;
  /** The built console (web/dist) served at `/`. */
  webDistDir: string;
  /** Stripe's API, without a trailing slash (tests point it at a local mock). */
  stripeApiBase: string;
  /** Where the third-party sign-in providers are reached (tests point them at a local mock). */
  oauth: OAuthEndpoints;
  /** Where each process keeps its node id and the settlements the database could not take yet. */
  settlementJournalDir: string;
  /**
   * A process renews its lease on its reservations well within this; once a lease has run out this
   * long, the other nodes refund the dead process's reservations (RESERVATION_LEASE_SECONDS).
   */
  reservationLeaseSeconds: number;
  /** The polling of unfinished asynchronous tasks (relay/tasks/). */
  tasks: TaskPollSettings;
  /** This process's slot among the cluster's workers (0 when alone). */
  workerSlot: number;
  /** Connection pool of PostgreSQL and MySQL (SQLite has none). */
  pool: PoolSettings;
  /** How long clients may take to send a request, and how long idle connections stay. */
  http: HttpTimeouts;
  /** Where Turnstile tokens are verified (Cloudflare's siteverify; tests point it at a local mock). */
  turnstileVerifyUrl: string;
  /** Extra certificate authorities (PEM file path) trusted for notification webhooks. */
  notifyWebhookCaFile?: string;
  /** Sign-in attempts (login, register) per address and per account in a window; null: no limit. */
  signInLimit: { attempts: number; windowSeconds: number } | null;
  /** new-api's GLOBAL_API_RATE_LIMIT* and GLOBAL_WEB_RATE_LIMIT* per client address; null: off. */
  addressLimits: AddressLimitSettings;
  /** /metrics and /readyz. */
  ops: OpsSettings;
  /** The background jobs' scheduler (jobs/scheduler.ts). */
  jobs: JobSettings;
}

export interface JobSettings {
  /** CHANNEL_TEST_FREQUENCY in ms; undefined: channels are tested only when the console asks. */
  channelTestIntervalMs?: number;
  /** CHANNEL_UPDATE_FREQUENCY in ms; undefined: balances are refreshed only when the console asks. */
  balanceRefreshIntervalMs?: number;
  /** JOB_LEASE_SECONDS; undefined: each job's own. */
  leaseSeconds?: number;
}

export interface TracingSettings {
  /** Where spans are POSTed: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  url: string;
  /** OTEL_SERVICE_NAME: the resource's service.name. */
  serviceName: string;
  /** OTEL_BSP_SCHEDULE_DELAY: how long finished spans wait to be sent in one batch. */
  scheduleDelayMs: number;
}

export interface OpsSettings {
  metricsEnabled: boolean;
  /** The bearer token a scrape may send; undefined: only METRICS_ALLOWED_IPS (or loopback) may scrape. */
  metricsToken?: string;
  /** Addresses and CIDR ranges allowed to scrape without the token. */
  metricsAllowedIps: string[];
  /** OpenTelemetry traces; undefined: off (no OTLP endpoint set, or OTEL_SDK_DISABLED). */
  tracing?: TracingSettings;
  readyJournalStuckSeconds: number;
  /** LOG_RETENTION_DAYS: the retention option's default; 0 keeps logs. */
  logRetentionDays: number;
  retentionIntervalMs: number;
  retentionBatchSize: number;
}

export interface OAuthEndpoints {
  /** GitHub's web site: /login/oauth/authorize and /login/oauth/access_token. */
  githubOAuthBase: string;
  /** GitHub's API: /user. */
  githubApiBase: string;
  /** LinuxDO Connect: /oauth2/authorize, /oauth2/token, /api/user. */
  linuxdoBase: string;
}

export interface TaskPollSettings {
  /** UPDATE_TASK: false turns the poller off on this node. */
  enabled: boolean;
  /** TASK_QUERY_LIMIT: unfinished tasks read per poll. */
  queryLimit: number;
  /** TASK_TIMEOUT_MINUTES, in ms. */
  timeoutMs: number;
  intervalMs: number;
  leaseMs: number;
}

export interface HttpTimeouts {
  /** A request's headers must all arrive within this of its start. */
  headersTimeoutMs: number;
  /** A request's headers and body must all arrive within this of its start, or the connection is closed. */
  bodyTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Requests one keep-alive connection may carry before it is closed; 0: no limit. */
  maxRequestsPerSocket: number;
}

export interface PoolSettings {
  /** Connections open at most, per process. */
  maxOpen: number;
  /** Idle connections kept (MySQL; PostgreSQL closes every connection idle for 30 s). */
  maxIdle: number;
  /** Seconds before a connection is replaced (PostgreSQL); 0: never. */
  maxLifetimeSeconds: number;
  /** A query not answered within this is abandoned and its connection discarded; 0: no limit. */
  queryTimeoutMs: number;
  /** Opening a connection (and, on PostgreSQL, waiting for a free one) gives up after this. */
  connectTimeoutMs: number;
  /**
   * The database ends a session idle this long inside a transaction, releasing its locks: a node
   * that died mid-transaction behind a connection nobody closes cannot hold wallets longer.
   * PostgreSQL and MariaDB; 0: never.
   */
  idleTransactionTimeoutMs: number;
}

export class ConfigError extends Error {}

/** SQLite has one writer at a time, so more processes only add lock waits unless asked for. */
function workerCount(setting: number | 'auto' | undefined, sqlDsn: string): number {
  if (setting === 'auto' || setting === 0) return availableParallelism();
  if (setting !== undefined) return setting;
  return sqlDsn === '' ? 1 : availableParallelism();
}

/**
 * Connections per process when SQL_MAX_OPEN_CONNS is unset: a budget of 20 per node shared by its
 * workers, so four nodes of one-worker-per-core stay under PostgreSQL's default max_connections
 * of 100 (with room for each worker's LISTEN connection, psql and backups); at least 2, so a
 * transaction and a read never wait for each other.
 */
const NODE_CONNECTION_BUDGET = 20;
export const defaultMaxOpen = (workers: number): number =>
  Math.max(2, Math.floor(NODE_CONNECTION_BUDGET / Math.max(1, workers)));

/** A connection attempt waits at most this, or the query timeout if shorter. */
const CONNECT_TIMEOUT_MS = 10_000;

function poolSettings(e: z.infer<typeof envSchema>, workers: number): PoolSettings {
  const maxOpen = e.SQL_MAX_OPEN_CONNS ?? defaultMaxOpen(workers);
  const queryTimeoutMs = Math.round(e.SQL_QUERY_TIMEOUT * 1000);
  return {
    maxOpen,
    // new-api's default idle count (100) exceeds our open count: more idle than open means all of them.
    maxIdle: Math.min(e.SQL_MAX_IDLE_CONNS ?? maxOpen, maxOpen),
    maxLifetimeSeconds: e.SQL_MAX_LIFETIME,
    queryTimeoutMs,
    connectTimeoutMs: Math.min(CONNECT_TIMEOUT_MS, queryTimeoutMs),
    idleTransactionTimeoutMs: Math.round(e.SQL_IDLE_TRANSACTION_TIMEOUT * 1000),
  };
}

/** Traces go to the traces endpoint as given, else to the OTLP endpoint's /v1/traces. */
function tracingSettings(e: z.infer<typeof envSchema>): TracingSettings | undefined {
  const url =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (e.OTEL_EXPORTER_OTLP_ENDPOINT && `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  if (!url || e.OTEL_SDK_DISABLED) return undefined;
  return { url, serviceName: e.OTEL_SERVICE_NAME, scheduleDelayMs: e.OTEL_BSP_SCHEDULE_DELAY };
}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.HTTP_HEADERS_TIMEOUT > e.HTTP_BODY_TIMEOUT) {
    throw new ConfigError(
      'invalid environment: HTTP_HEADERS_TIMEOUT must not be longer than HTTP_BODY_TIMEOUT',
    );
  }
  const workers = workerCount(e.WORKERS, e.SQL_DSN);
  return {
    port: e.PORT,
    host: e.HOST,
    sqlDsn: e.SQL_DSN,
    sqlitePath: e.SQLITE_PATH,
    logSqlDsn: e.LOG_SQL_DSN,
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    sessionSecretGenerated: e.SESSION_SECRET === undefined,
    redisUrl: e.REDIS_CONN_STRING,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    initialRootAccessToken: e.INITIAL_ROOT_ACCESS_TOKEN,
    initialRootToken: e.INITIAL_ROOT_TOKEN,
    logLevel: e.LOG_LEVEL,
    syncFrequencySeconds: e.SYNC_FREQUENCY,
    streamingTimeoutSeconds: e.STREAMING_TIMEOUT,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    maxRequestBodyBytes: e.MAX_REQUEST_BODY_MB * 1024 * 1024,
    apiBodyLimitBytes: e.API_BODY_LIMIT_KB * 1024,
    trustProxy: e.TRUST_PROXY,
    workers,
    webDistDir: e.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    stripeApiBase: e.STRIPE_API_BASE.replace(/\/+$/, ''),
    oauth: {
      githubOAuthBase: e.GITHUB_OAUTH_BASE_URL,
      githubApiBase: e.GITHUB_API_BASE_URL,
      linuxdoBase: e.LINUXDO_BASE_URL,
    },
    settlementJournalDir: e.SETTLEMENT_JOURNAL_DIR,
    reservationLeaseSeconds: e.RESERVATION_LEASE_SECONDS,
    tasks: {
      enabled: e.UPDATE_TASK,
      queryLimit: e.TASK_QUERY_LIMIT,
      timeoutMs: Math.round(e.TASK_TIMEOUT_MINUTES * 60_000),
      intervalMs: Math.round(e.TASK_POLL_INTERVAL_SECONDS * 1000),
      leaseMs: Math.round(e.TASK_POLL_LEASE_SECONDS * 1000),
    },
    workerSlot: e.RELAYGATE_WORKER_SLOT,
    pool: poolSettings(e, workers),
    http: {
      headersTimeoutMs: Math.round(e.HTTP_HEADERS_TIMEOUT * 1000),
      bodyTimeoutMs: Math.round(e.HTTP_BODY_TIMEOUT * 1000),
      keepAliveTimeoutMs: Math.round(e.HTTP_KEEP_ALIVE_TIMEOUT * 1000),
      maxRequestsPerSocket: e.HTTP_MAX_REQUESTS_PER_SOCKET,
    },
    turnstileVerifyUrl: e.TURNSTILE_VERIFY_URL,
    notifyWebhookCaFile: e.NOTIFY_WEBHOOK_CA_FILE,
    addressLimits: {
      api: e.GLOBAL_API_RATE_LIMIT_ENABLE
        ? { limit: e.GLOBAL_API_RATE_LIMIT, windowSeconds: e.GLOBAL_API_RATE_LIMIT_DURATION }
        : null,
      web: e.GLOBAL_WEB_RATE_LIMIT_ENABLE
        ? { limit: e.GLOBAL_WEB_RATE_LIMIT, windowSeconds: e.GLOBAL_WEB_RATE_LIMIT_DURATION }
        : null,
      critical: e.CRITICAL_RATE_LIMIT_ENABLE
        ? { limit: e.CRITICAL_RATE_LIMIT, windowSeconds: e.CRITICAL_RATE_LIMIT_DURATION }
        : null,
    },
    ops: {
      metricsEnabled: e.METRICS_ENABLED,
      metricsToken: e.METRICS_TOKEN,
      metricsAllowedIps: addressEntries(e.METRICS_ALLOWED_IPS),
      tracing: tracingSettings(e),
      readyJournalStuckSeconds: e.READY_JOURNAL_STUCK_SECONDS,
      logRetentionDays: e.LOG_RETENTION_DAYS,
      retentionIntervalMs: Math.round(e.RETENTION_INTERVAL_SECONDS * 1000),
      retentionBatchSize: e.RETENTION_BATCH_SIZE,
    },
    jobs: {
      channelTestIntervalMs: inMs(e.CHANNEL_TEST_FREQUENCY, 60_000),
      balanceRefreshIntervalMs: inMs(e.CHANNEL_UPDATE_FREQUENCY, 60_000),
      leaseSeconds: e.JOB_LEASE_SECONDS,
    },
    signInLimit: e.CRITICAL_RATE_LIMIT_ENABLE
      ? { attempts: e.CRITICAL_RATE_LIMIT, windowSeconds: e.CRITICAL_RATE_LIMIT_DURATION }
      : null,
  };
}
