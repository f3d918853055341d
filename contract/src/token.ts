/** tokens.status */
export const TokenStatus = { Enabled: 1, Disabled: 2, Expired: 3, Exhausted: 4 } as const;

/** An API key as the console sees it. `key` is the 48 characters without `sk-`; the console adds the prefix. */
export interface TokenView {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  /** -1: never expires. */
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  /** Comma-separated model names. */
  model_limits: string;
  /** One address or CIDR range per line. */
  allow_ips: string;
  used_quota: number;
  group: string;
  /** Requests per minute; 0: unlimited (Relaygate's own, beyond new-api). */
  rpm_limit: number;
  /** Tokens (prompt + completion) per minute, counted from settled usage; 0: unlimited. */
  tpm_limit: number;
  /** Calls in flight at once; 0: unlimited. */
  concurrency_limit: number;
  /** Quota the key may spend per `quota_period`; 0: no periodic budget. */
  period_quota: number;
  quota_period: QuotaPeriod;
}

/** How often a key's periodic budget starts again ('' : no periodic budget). */
export type QuotaPeriod = '' | 'daily' | 'weekly' | 'monthly';
export const QUOTA_PERIODS: readonly QuotaPeriod[] = ['', 'daily', 'weekly', 'monthly'];
/** Highest per-key rate or concurrency limit accepted. */
export const TOKEN_LIMIT_MAX = 1_000_000_000;

export const TOKEN_KEY_LENGTH = 48;

/** Longest token name (in characters) the console may set; batch suffixes come on top. */
export const TOKEN_NAME_MAX_LENGTH = 50;
/** How many tokens one create call may make. */
export const TOKEN_BATCH_MAX_COUNT = 100;
/** Length of the random suffix that names the extra tokens of a batch: `name-XXXXXX`. */
export const TOKEN_BATCH_SUFFIX_LENGTH = 6;
