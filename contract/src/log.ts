/** The `other` JSON of a consumption log row (spec §3, Log entry). */
export interface ConsumeLogOther {
  model_ratio?: number;
  model_price?: number;
  completion_ratio?: number;
  group_ratio?: number;
  cache_tokens?: number;
  cache_ratio?: number;
  reasoning_tokens?: number;
  /** First-response time, ms. */
  frt?: number;
  is_model_mapped?: boolean;
  upstream_model_name?: string;
  reasoning_effort?: string;
  /** True when usage was counted locally because the upstream sent none. */
  local_count?: boolean;
  admin_info?: {
    use_channel?: number[];
    /** The usage the upstream reported, when it was beyond what the call could produce and was clamped. */
    reported_usage?: { prompt_tokens: number; completion_tokens: number };
    /** Channels skipped without a call: their circuit breaker was open for the model. */
    breaker_skipped?: number[];
    /** Channels left because their first byte did not come in time (nothing was charged for them). */
    first_byte_timeouts?: number[];
  };
  /** The model that served when the requested one could not (ModelFallbacks); priced as itself. */
  fallback_model?: string;
  [key: string]: unknown;
}

export interface LogView {
  id: number;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  channel: number;
  channel_name: string;
  token_id: number;
  group: string;
  ip: string;
  request_id: string;
  upstream_request_id: string;
  /** JSON string of ConsumeLogOther. */
  other: string;
}

export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}
