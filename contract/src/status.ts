import type { QuotaDisplayType } from './quota-display.ts';

/** GET /api/status: what the console keeps locally to draw itself. */
export interface StatusObject {
  version: string;
  start_time: number;
  setup: boolean;
  system_name: string;
  logo: string;
  footer_html: string;
  server_address: string;
  top_up_link: string;
  docs_link: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  display_token_stat: boolean;
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  enable_batch_update: boolean;
  data_export_default_time: string;
  default_collapse_sidebar: boolean;
  mj_notify_enabled: boolean;
  chats: unknown[];
  self_use_mode_enabled: boolean;
  demo_site_enabled: boolean;
  register_enabled: boolean;
  password_login_enabled: boolean;
  password_register_enabled: boolean;
  email_verification: boolean;
  github_oauth: boolean;
  github_client_id: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  /** Where the console sends the browser to sign in with GitHub and LinuxDO (Relaygate; configurable). */
  github_authorize_endpoint: string;
  linuxdo_authorize_endpoint: string;
  telegram_oauth: boolean;
  telegram_bot_name: string;
  wechat_login: boolean;
  wechat_qrcode: string;
  /** OpenID Connect sign-in (shown only once the server serves its callback). */
  oidc_enabled: boolean;
  oidc_client_id: string;
  oidc_authorization_endpoint: string;
  turnstile_check: boolean;
  turnstile_site_key: string;
  price: number;
  min_topup: number;
  enable_online_topup: boolean;
  usd_exchange_rate: number;
  /** How amounts are shown (general_setting.quota_display_type); display_in_currency is false for TOKENS. */
  quota_display_type: QuotaDisplayType;
  custom_currency_symbol: string;
  /** One US dollar in the custom currency. */
  custom_currency_exchange_rate: number;
  /** The quota warning threshold of a user who set none of their own (QuotaRemindThreshold; Relaygate). */
  quota_remind_threshold: number;
}

/** How a node shares changes and short-lived state with the other nodes on its database. */
export interface SharedStateStatus {
  node_id: string;
  /** redis or postgres between nodes; workers (IPC only) or local (one process) without a node bus. */
  bus: 'redis' | 'postgres' | 'workers' | 'local';
  bus_connected: boolean;
  redis_configured: boolean;
  redis_connected: boolean;
  /**
   * Where rate limits, key budgets and concurrency are counted: memory (one process), cluster (this
   * node's workers, in their primary) or redis (every node).
   */
  limits_store?: 'memory' | 'cluster' | 'redis';
  /** Redis is configured but unreachable: limits are counted per node until it is back. */
  limits_degraded?: boolean;
}

/** GET /api/status as an admin or root sees it. */
export interface AdminStatusObject extends StatusObject {
  shared_state: SharedStateStatus;
}
