/** channels.status */
export const ChannelStatus = { Unknown: 0, Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 } as const;

/** The outcome of a channel's last test (channels.test_outcome): not recorded, passed, failed. */
export const ChannelTestOutcome = { Unknown: 0, Passed: 1, Failed: 2 } as const;

/** Channel type ids (new-api's numbering). */
export const ChannelType = {
  Unknown: 0,
  OpenAI: 1,
  Midjourney: 2,
  Azure: 3,
  Ollama: 4,
  MidjourneyPlus: 5,
  Custom: 8,
  PaLM: 11,
  Anthropic: 14,
  Zhipu: 16,
  Ali: 17,
  Xunfei: 18,
  OpenRouter: 20,
  AIProxyLibrary: 21,
  Tencent: 23,
  Gemini: 24,
  Moonshot: 25,
  ZhipuV4: 26,
  Aws: 33,
  Cohere: 34,
  MiniMax: 35,
  SunoAPI: 36,
  Dify: 37,
  Cloudflare: 39,
  SiliconFlow: 40,
  VertexAI: 41,
  Mistral: 42,
  DeepSeek: 43,
  VolcEngine: 45,
  BaiduV2: 46,
  xAI: 48,
  Coze: 49,
  Kling: 50,
  Jimeng: 51,
  Vidu: 52,
  DoubaoVideo: 54,
} as const;

/** A channel as the console sees it: the key is never sent back. */
/** A channel's circuit breaker for one model that is not closed (relay: circuit-breakers.ts). */
export interface ChannelBreakerView {
  model: string;
  /** open: skipped; half_open: the next call is its probe. */
  state: 'open' | 'half_open';
  /** Unix seconds when it opened. */
  since: number;
  /** Unix seconds from when a probe may go. */
  retry_at: number;
  last_error: string;
}

export interface ChannelView {
  id: number;
  type: number;
  name: string;
  key: string;
  openai_organization: string | null;
  test_model: string | null;
  status: number;
  weight: number;
  created_time: number;
  test_time: number;
  /** Milliseconds of the last test, passed or failed (test_outcome says which). */
  response_time: number;
  /**
   * The last test's outcome (ChannelTestOutcome); Unknown for channels never tested here, such as
   * those imported from new-api, which records the time of a failed test as of a passed one.
   */
  test_outcome: number;
  /** Why the last test failed, in the reader's language where the words are the gateway's own; '' otherwise. */
  test_error: string;
  base_url: string | null;
  other: string | null;
  balance: number;
  balance_updated_time: number;
  /** Comma-separated. */
  models: string;
  /** Comma-separated. */
  group: string;
  used_quota: number;
  model_mapping: string | null;
  status_code_mapping: string | null;
  priority: number;
  auto_ban: number;
  /** JSON: status_reason, status_time. */
  other_info: string | null;
  tag: string | null;
  setting: string | null;
  param_override: string | null;
  header_override: string | null;
  remark: string | null;
  max_input_tokens: number;
  /** Calls the channel serves at once; routing skips it while full. 0: no cap. */
  concurrency_limit: number;
  /** The models for which its circuit breaker is open now; absent when none is. */
  breakers?: ChannelBreakerView[];
}

/** other_info JSON of a channel. */
export interface ChannelOtherInfo {
  status_reason?: string;
  status_time?: number;
  /** The currency of `balance`, as the provider answered it (ISO 4217: USD, CNY…); USD when absent. */
  balance_currency?: string;
}

/** GET /api/channel/update_balance/:id: the upstream account's balance in its provider's currency. */
export interface ChannelBalance {
  balance: number;
  /** ISO 4217 code (USD, CNY…). */
  currency: string;
}

/** GET /api/channel/ and /api/channel/search: a page of channels plus counts per type (type filter ignored). */
export interface ChannelPage {
  page: number;
  page_size: number;
  /** Channels, or in tag mode rows (one per tag plus one per untagged channel). */
  total: number;
  items: ChannelView[];
  type_counts: Record<number, number>;
}

/** GET /api/channel/types */
/** GET /api/channel/types: a type a channel can be given, with what the channel form asks for it (texts in the reader's language). */
export interface ChannelTypeOption {
  id: number;
  name: string;
  /** Where its calls go when the channel names no base URL; '' when the channel must name one or has none. */
  default_base_url: string;
  base_url_required: boolean;
  /** Where calls go when the base URL is left empty, when that is not one address (a region's); '' otherwise. */
  base_url_note: string;
  /** Whether calls through it are served; false: saved, but every call is refused until it is. */
  served: boolean;
  /** The ways its key is written, the usual one first. */
  key_formats: ChannelKeyFormat[];
  /** What its `other` field holds; null when the type has no use for it. */
  other: ChannelOtherField | null;
  /** Whether the OpenAI organization field applies. */
  organization: boolean;
}

/** One way a channel type takes its key. */
export interface ChannelKeyFormat {
  label: string;
  /** A well-formed (fake) key, shown as the placeholder. */
  example: string;
  /** A regular expression (JavaScript source) every key line must match; '' when any text goes. */
  pattern: string;
  /** A JSON document over several lines (a service account) rather than one line per key. */
  multiline: boolean;
  /** The format expected, said to a key that does not match. */
  hint: string;
}

/** What a channel type's `other` field holds (an API version, an account id, a region). */
export interface ChannelOtherField {
  label: string;
  placeholder: string;
  required: boolean;
  /** What the server stores when it is left empty; '' when it stays empty. */
  default: string;
  hint: string;
}

/** POST /api/channel/fix: channels whose abilities were rebuilt, and those that failed. */
export interface FixAbilitiesResult {
  success: number;
  fails: number;
}

/** GET /api/channel/models: every model name known to the gateway. */
export interface KnownModel {
  id: string;
  object: 'model';
  owned_by: string;
}
