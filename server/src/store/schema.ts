import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of every table. Names follow new-api's so its databases can be imported.
 * Booleans are written as 1/0 (the one form all three drivers accept) and read back as
 * number or boolean depending on the driver: use `fromDbBool` when reading them.
 */
type Id = Generated<number>;
type DbBool = ColumnType<number | boolean, number, number>;
type WithDefault<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Id;
  username: string;
  password: string;
  display_name: WithDefault<string>;
  role: WithDefault<number>;
  status: WithDefault<number>;
  email: WithDefault<string>;
  github_id: WithDefault<string>;
  discord_id: WithDefault<string>;
  oidc_id: WithDefault<string>;
  wechat_id: WithDefault<string>;
  telegram_id: WithDefault<string>;
  linux_do_id: WithDefault<string>;
  access_token: WithDefault<string | null>;
  quota: WithDefault<number>;
  used_quota: WithDefault<number>;
  request_count: WithDefault<number>;
  group: WithDefault<string>;
  aff_code: WithDefault<string | null>;
  aff_count: WithDefault<number>;
  aff_quota: WithDefault<number>;
  aff_history: WithDefault<number>;
  inviter_id: WithDefault<number>;
  setting: WithDefault<string | null>;
  remark: WithDefault<string>;
  created_at: WithDefault<number>;
  last_login_at: WithDefault<number>;
  deleted_at: WithDefault<number | null>;
}

export interface TokensTable {
  id: Id;
  user_id: number;
  key: string;
  status: WithDefault<number>;
  name: WithDefault<string>;
  created_time: WithDefault<number>;
  accessed_time: WithDefault<number>;
  expired_time: WithDefault<number>;
  remain_quota: WithDefault<number>;
  unlimited_quota: WithDefault<number | boolean>;
  model_limits_enabled: WithDefault<number | boolean>;
  model_limits: WithDefault<string | null>;
  allow_ips: WithDefault<string | null>;
  used_quota: WithDefault<number>;
  group: WithDefault<string>;
  cross_group_retry: WithDefault<number | boolean>;
  deleted_at: WithDefault<number | null>;
  /** Per-key limits (migration 008), 0 or '': none. */
  rpm_limit: WithDefault<number>;
  tpm_limit: WithDefault<number>;
  concurrency_limit: WithDefault<number>;
  period_quota: WithDefault<number>;
  quota_period: WithDefault<string>;
}

export interface ChannelsTable {
  id: Id;
  type: WithDefault<number>;
  key: string;
  openai_organization: WithDefault<string | null>;
  test_model: WithDefault<string | null>;
  status: WithDefault<number>;
  name: WithDefault<string>;
  weight: WithDefault<number>;
  created_time: WithDefault<number>;
  test_time: WithDefault<number>;
  response_time: WithDefault<number>;
  base_url: WithDefault<string | null>;
  other: WithDefault<string | null>;
  balance: WithDefault<number>;
  balance_updated_time: WithDefault<number>;
  models: WithDefault<string | null>;
  group: WithDefault<string>;
  used_quota: WithDefault<number>;
  model_mapping: WithDefault<string | null>;
  status_code_mapping: WithDefault<string | null>;
  priority: WithDefault<number>;
  auto_ban: WithDefault<number>;
  other_info: WithDefault<string | null>;
  tag: WithDefault<string | null>;
  setting: WithDefault<string | null>;
  param_override: WithDefault<string | null>;
  header_override: WithDefault<string | null>;
  remark: WithDefault<string | null>;
  channel_info: WithDefault<string | null>;
  settings: WithDefault<string | null>;
  max_input_tokens: WithDefault<number>;
  /** 1: root chose the base URL and type; 0: a non-root admin did (calls go through the outbound guard). */
  address_trusted: WithDefault<number>;
  /** Calls this channel serves at once (migration 008); 0: no cap. */
  concurrency_limit: WithDefault<number>;
  /** The last test's outcome (migration 009): ChannelTestOutcome. */
  test_outcome: WithDefault<number>;
  /** Why the last test failed, in English; null when it passed or was never recorded. */
  test_error: WithDefault<string | null>;
  /** The same as a catalogue message (Text JSON) when the words are the gateway's own. */
  test_error_text: WithDefault<string | null>;
}

export interface AbilitiesTable {
  group: string;
  model: string;
  channel_id: number;
  enabled: DbBool;
  priority: WithDefault<number>;
  weight: WithDefault<number>;
  tag: WithDefault<string | null>;
}

export interface LogsTable {
  id: Id;
  user_id: number;
  created_at: number;
  type: number;
  content: WithDefault<string | null>;
  username: WithDefault<string>;
  token_name: WithDefault<string>;
  model_name: WithDefault<string>;
  quota: WithDefault<number>;
  prompt_tokens: WithDefault<number>;
  completion_tokens: WithDefault<number>;
  use_time: WithDefault<number>;
  is_stream: WithDefault<number | boolean>;
  channel_id: WithDefault<number>;
  token_id: WithDefault<number>;
  group: WithDefault<string>;
  ip: WithDefault<string>;
  request_id: WithDefault<string>;
  upstream_request_id: WithDefault<string>;
  other: WithDefault<string | null>;
}

/** Log rows waiting to be moved to the log database (LOG_SQL_DSN); see migrations/012-log-outbox.ts. */
export interface LogOutboxTable extends LogsTable {
  row_key: string;
}

/** In the log database: the outbox rows it has taken, by key, until the outbox has let them go. */
export interface LogOutboxReceiptsTable {
  row_key: string;
  moved_at: number;
}

export interface OptionsTable {
  key: string;
  value: string | null;
}

export interface RedemptionsTable {
  id: Id;
  user_id: WithDefault<number>;
  key: string;
  status: WithDefault<number>;
  name: WithDefault<string>;
  quota: WithDefault<number>;
  created_time: WithDefault<number>;
  redeemed_time: WithDefault<number>;
  used_user_id: WithDefault<number>;
  expired_time: WithDefault<number>;
  deleted_at: WithDefault<number | null>;
}

export interface MidjourneysTable {
  id: Id;
  code: WithDefault<number>;
  user_id: number;
  action: WithDefault<string>;
  mj_id: WithDefault<string>;
  prompt: WithDefault<string | null>;
  prompt_en: WithDefault<string | null>;
  description: WithDefault<string | null>;
  state: WithDefault<string | null>;
  submit_time: WithDefault<number>;
  start_time: WithDefault<number>;
  finish_time: WithDefault<number>;
  image_url: WithDefault<string | null>;
  video_url: WithDefault<string | null>;
  video_urls: WithDefault<string | null>;
  status: WithDefault<string>;
  progress: WithDefault<string>;
  fail_reason: WithDefault<string | null>;
  channel_id: WithDefault<number>;
  quota: WithDefault<number>;
  buttons: WithDefault<string | null>;
  properties: WithDefault<string | null>;
  token_id: WithDefault<number>;
}

export interface TasksTable {
  id: Id;
  created_at: number;
  updated_at: WithDefault<number>;
  task_id: WithDefault<string>;
  platform: WithDefault<string>;
  user_id: number;
  group: WithDefault<string>;
  channel_id: WithDefault<number>;
  quota: WithDefault<number>;
  action: WithDefault<string>;
  status: WithDefault<string>;
  fail_reason: WithDefault<string | null>;
  submit_time: WithDefault<number>;
  start_time: WithDefault<number>;
  finish_time: WithDefault<number>;
  progress: WithDefault<string>;
  properties: WithDefault<string | null>;
  private_data: WithDefault<string | null>;
  data: WithDefault<string | null>;
}

export interface QuotaDataTable {
  id: Id;
  user_id: number;
  username: WithDefault<string>;
  model_name: WithDefault<string>;
  created_at: number;
  token_used: WithDefault<number>;
  count: WithDefault<number>;
  quota: WithDefault<number>;
}

export interface TopUpsTable {
  id: Id;
  user_id: number;
  amount: WithDefault<number>;
  money: WithDefault<number>;
  trade_no: string;
  payment_method: WithDefault<string>;
  create_time: WithDefault<number>;
  complete_time: WithDefault<number>;
  status: WithDefault<string>;
}

export interface SetupsTable {
  id: Id;
  version: string;
  initialized_at: number;
}

/** Console sessions; `id` is the SHA-256 of the cookie's secret, never the secret itself. */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}

/** Quota held by a call in flight (see migrations/002-reservations.ts). */
export interface ReservationsTable {
  id: string;
  node_id: string;
  user_id: number;
  token_id: Generated<number>;
  token_unlimited: Generated<number>;
  amount: number;
  created_at: number;
}

/** Which node runs a singleton background job, and until when (migrations/010-job-leases.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  /** Unix seconds: past this, any node may take the job over. */
  expires_at: number;
  /** The job's last run (migrations/011-job-runs.ts): its interval and when it started, in unix seconds. */
  interval_ms: Generated<number>;
  last_started_at: Generated<number>;
  last_duration_ms: Generated<number>;
  /** 'ok', 'error', or '' before its first run. */
  last_outcome: Generated<string>;
  last_error: Generated<string>;
  /** The process that ran it (its lease holder name). */
  last_node: Generated<string>;
}

/** A gateway process's lease on its reservations (migrations/008-node-leases.ts). */
export interface NodeLeasesTable {
  node_id: string;
  /** Unix seconds: past this, other nodes refund its reservations. */
  expires_at: number;
}

export interface VerificationCodesTable {
  /** `purpose:address`, the address lower-cased. */
  key: string;
  code: string;
  /** Unix seconds. */
  expires_at: number;
}

export interface Database {
  users: UsersTable;
  tokens: TokensTable;
  channels: ChannelsTable;
  abilities: AbilitiesTable;
  logs: LogsTable;
  log_outbox: LogOutboxTable;
  log_outbox_receipts: LogOutboxReceiptsTable;
  options: OptionsTable;
  redemptions: RedemptionsTable;
  midjourneys: MidjourneysTable;
  tasks: TasksTable;
  quota_data: QuotaDataTable;
  top_ups: TopUpsTable;
  setups: SetupsTable;
  sessions: SessionsTable;
  reservations: ReservationsTable;
  verification_codes: VerificationCodesTable;
  node_leases: NodeLeasesTable;
  job_leases: JobLeasesTable;
}
