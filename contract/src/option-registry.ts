import type { StatusObject } from './status.ts';

/** How an option's value is written and read; every value is stored as a string. */
export type OptionKind = 'bool' | 'int' | 'float' | 'string' | 'json';

/**
 * Who may read an option's value: `public` anyone (GET /api/status, the site texts, /api/pricing);
 * `user` signed-in users (their top-up page); `root` only root, in GET /api/option/; `secret` nobody:
 * written from the console, never sent back (there is no reveal for options).
 */
export type OptionRead = 'public' | 'user' | 'root' | 'secret';

type OptionMeta = {
  kind: OptionKind;
  /**
   * The form name of the console card that edits the option (web/src/pages/setting/sections), or
   * null when no settings card shows it.
   */
  section: string | null;
} & (
  | {
      read: 'public';
      /** The field of GET /api/status that carries the value, if one does. */
      status?: keyof StatusObject;
    }
  | { read: Exclude<OptionRead, 'public'>; status?: never }
);

/**
 * Every site option: its name, kind, who may read it, the console card that shows it and the
 * status field that publishes it. Adding an option is one entry here, its default and validation in
 * server/src/options/registry.ts (which fails to compile until it has one), and its field in the
 * card named by `section`. Entries keep new-api's names.
 */
export const OPTION_REGISTRY = {
  // Sign-in and registration
  RegisterEnabled: { kind: 'bool', read: 'public', section: 'setting_login', status: 'register_enabled' },
  PasswordLoginEnabled: {
    kind: 'bool',
    read: 'public',
    section: 'setting_login',
    status: 'password_login_enabled',
  },
  PasswordRegisterEnabled: {
    kind: 'bool',
    read: 'public',
    section: 'setting_login',
    status: 'password_register_enabled',
  },
  EmailVerificationEnabled: {
    kind: 'bool',
    read: 'public',
    section: 'setting_login',
    status: 'email_verification',
  },
  EmailDomainRestrictionEnabled: { kind: 'bool', read: 'root', section: 'setting_email_domain' },
  EmailAliasRestrictionEnabled: { kind: 'bool', read: 'root', section: 'setting_email_domain' },
  EmailDomainWhitelist: { kind: 'string', read: 'root', section: 'setting_email_domain' },
  GitHubOAuthEnabled: { kind: 'bool', read: 'public', section: 'setting_login', status: 'github_oauth' },
  GitHubClientId: { kind: 'string', read: 'public', section: 'setting_github', status: 'github_client_id' },
  GitHubClientSecret: { kind: 'string', read: 'secret', section: 'setting_github' },
  LinuxDOOAuthEnabled: { kind: 'bool', read: 'public', section: 'setting_login', status: 'linuxdo_oauth' },
  LinuxDOClientId: {
    kind: 'string',
    read: 'public',
    section: 'setting_linuxdo',
    status: 'linuxdo_client_id',
  },
  LinuxDOClientSecret: { kind: 'string', read: 'secret', section: 'setting_linuxdo' },
  LinuxDOMinimumTrustLevel: { kind: 'int', read: 'root', section: 'setting_linuxdo' },
  WeChatAuthEnabled: { kind: 'bool', read: 'public', section: 'setting_login', status: 'wechat_login' },
  WeChatServerAddress: { kind: 'string', read: 'root', section: 'setting_wechat' },
  WeChatServerToken: { kind: 'string', read: 'secret', section: 'setting_wechat' },
  WeChatAccountQRCodeImageURL: {
    kind: 'string',
    read: 'public',
    section: 'setting_wechat',
    status: 'wechat_qrcode',
  },
  TelegramOAuthEnabled: { kind: 'bool', read: 'public', section: 'setting_login', status: 'telegram_oauth' },
  TelegramBotToken: { kind: 'string', read: 'secret', section: 'setting_telegram' },
  TelegramBotName: {
    kind: 'string',
    read: 'public',
    section: 'setting_telegram',
    status: 'telegram_bot_name',
  },
  // OpenID Connect (the keys of new-api's system tab; the sign-in itself comes with the sign-in work)
  'oidc.enabled': { kind: 'bool', read: 'public', section: 'setting_oidc', status: 'oidc_enabled' },
  'oidc.client_id': { kind: 'string', read: 'public', section: 'setting_oidc', status: 'oidc_client_id' },
  'oidc.client_secret': { kind: 'string', read: 'secret', section: 'setting_oidc' },
  'oidc.well_known': { kind: 'string', read: 'root', section: 'setting_oidc' },
  'oidc.authorization_endpoint': {
    kind: 'string',
    read: 'public',
    section: 'setting_oidc',
    status: 'oidc_authorization_endpoint',
  },
  'oidc.token_endpoint': { kind: 'string', read: 'root', section: 'setting_oidc' },
  'oidc.user_info_endpoint': { kind: 'string', read: 'root', section: 'setting_oidc' },
  TurnstileCheckEnabled: {
    kind: 'bool',
    read: 'public',
    section: 'setting_login',
    status: 'turnstile_check',
  },
  TurnstileSiteKey: {
    kind: 'string',
    read: 'public',
    section: 'setting_turnstile',
    status: 'turnstile_site_key',
  },
  TurnstileSecretKey: { kind: 'string', read: 'secret', section: 'setting_turnstile' },
  // Mail
  SMTPServer: { kind: 'string', read: 'root', section: 'setting_smtp' },
  SMTPPort: { kind: 'int', read: 'root', section: 'setting_smtp' },
  SMTPAccount: { kind: 'string', read: 'root', section: 'setting_smtp' },
  SMTPFrom: { kind: 'string', read: 'root', section: 'setting_smtp' },
  SMTPToken: { kind: 'string', read: 'secret', section: 'setting_smtp' },
  SMTPSSLEnabled: { kind: 'bool', read: 'root', section: 'setting_smtp' },
  // Site
  ServerAddress: { kind: 'string', read: 'public', section: 'setting_server', status: 'server_address' },
  WorkerUrl: { kind: 'string', read: 'root', section: 'setting_worker' },
  WorkerValidKey: { kind: 'string', read: 'secret', section: 'setting_worker' },
  WorkerAllowHttpImageRequestEnabled: { kind: 'bool', read: 'root', section: 'setting_worker' },
  SystemName: { kind: 'string', read: 'public', section: 'setting_system_name', status: 'system_name' },
  Logo: { kind: 'string', read: 'public', section: 'setting_logo', status: 'logo' },
  Footer: { kind: 'string', read: 'public', section: 'setting_footer', status: 'footer_html' },
  Notice: { kind: 'string', read: 'public', section: 'setting_notice' },
  About: { kind: 'string', read: 'public', section: 'setting_about' },
  HomePageContent: { kind: 'string', read: 'public', section: 'setting_home_page' },
  TopUpLink: { kind: 'string', read: 'public', section: 'setting_general', status: 'top_up_link' },
  'general_setting.docs_link': {
    kind: 'string',
    read: 'public',
    section: 'setting_general',
    status: 'docs_link',
  },
  'general_setting.ping_interval_enabled': { kind: 'bool', read: 'root', section: null },
  'general_setting.ping_interval_seconds': { kind: 'int', read: 'root', section: null },
  'general_setting.quota_display_type': {
    kind: 'string',
    read: 'public',
    section: 'setting_general',
    status: 'quota_display_type',
  },
  'general_setting.custom_currency_symbol': {
    kind: 'string',
    read: 'public',
    section: 'setting_general',
    status: 'custom_currency_symbol',
  },
  'general_setting.custom_currency_exchange_rate': {
    kind: 'float',
    read: 'public',
    section: 'setting_general',
    status: 'custom_currency_exchange_rate',
  },
  // Payment
  PayAddress: { kind: 'string', read: 'root', section: 'setting_payment' },
  CustomCallbackAddress: { kind: 'string', read: 'root', section: 'setting_payment' },
  EpayId: { kind: 'string', read: 'root', section: 'setting_payment' },
  EpayKey: { kind: 'string', read: 'secret', section: 'setting_payment' },
  Price: { kind: 'float', read: 'public', section: 'setting_payment', status: 'price' },
  MinTopUp: { kind: 'int', read: 'public', section: 'setting_payment', status: 'min_topup' },
  TopupGroupRatio: { kind: 'json', read: 'root', section: 'setting_payment' },
  StripeApiSecret: { kind: 'string', read: 'secret', section: 'setting_stripe' },
  StripeWebhookSecret: { kind: 'string', read: 'secret', section: 'setting_stripe' },
  StripePriceId: { kind: 'string', read: 'root', section: 'setting_stripe' },
  StripeUnitPrice: { kind: 'float', read: 'user', section: 'setting_stripe' },
  StripeMinTopUp: { kind: 'int', read: 'user', section: 'setting_stripe' },
  USDExchangeRate: { kind: 'float', read: 'public', section: 'setting_general', status: 'usd_exchange_rate' },
  // Quota
  QuotaForNewUser: { kind: 'int', read: 'root', section: 'setting_quota' },
  QuotaForInviter: { kind: 'int', read: 'root', section: 'setting_quota' },
  QuotaForInvitee: { kind: 'int', read: 'root', section: 'setting_quota' },
  QuotaRemindThreshold: {
    kind: 'int',
    read: 'public',
    section: 'setting_monitor',
    status: 'quota_remind_threshold',
  },
  PreConsumedQuota: { kind: 'int', read: 'root', section: 'setting_quota' },
  StreamCacheQueueLength: { kind: 'int', read: 'root', section: null },
  QuotaPerUnit: { kind: 'float', read: 'public', section: 'setting_general', status: 'quota_per_unit' },
  'quota_setting.enable_free_model_pre_consume': { kind: 'bool', read: 'root', section: 'setting_quota' },
  // Prices and ratios
  ModelRatio: { kind: 'json', read: 'public', section: 'setting_ratio' },
  CompletionRatio: { kind: 'json', read: 'public', section: 'setting_ratio' },
  CacheRatio: { kind: 'json', read: 'root', section: 'setting_ratio' },
  CreateCacheRatio: { kind: 'json', read: 'root', section: null },
  ModelPrice: { kind: 'json', read: 'public', section: 'setting_ratio' },
  ImageRatio: { kind: 'json', read: 'root', section: null },
  AudioRatio: { kind: 'json', read: 'root', section: null },
  AudioCompletionRatio: { kind: 'json', read: 'root', section: null },
  GroupRatio: { kind: 'json', read: 'public', section: 'setting_group' },
  GroupGroupRatio: { kind: 'json', read: 'public', section: 'setting_group' },
  UserUsableGroups: { kind: 'json', read: 'public', section: 'setting_group' },
  AutoGroups: { kind: 'json', read: 'root', section: 'setting_group' },
  DefaultUseAutoGroup: { kind: 'bool', read: 'root', section: 'setting_group' },
  // Channels and retries
  AutomaticDisableChannelEnabled: { kind: 'bool', read: 'root', section: 'setting_monitor' },
  AutomaticEnableChannelEnabled: { kind: 'bool', read: 'root', section: 'setting_monitor' },
  ChannelDisableThreshold: { kind: 'float', read: 'root', section: 'setting_monitor' },
  AutomaticDisableKeywords: { kind: 'string', read: 'root', section: 'setting_monitor' },
  AutomaticDisableStatusCodes: { kind: 'string', read: 'root', section: 'setting_monitor' },
  AutomaticRetryStatusCodes: { kind: 'string', read: 'root', section: 'setting_monitor' },
  RetryTimes: { kind: 'int', read: 'root', section: 'setting_general' },
  // Self-healing routing (relay/breaker-policy.ts); each but ModelFallbacks may be overridden per channel
  CircuitBreakerFailures: { kind: 'int', read: 'root', section: 'setting_routing' },
  CircuitBreakerWindowSeconds: { kind: 'int', read: 'root', section: 'setting_routing' },
  CircuitBreakerCooldownSeconds: { kind: 'int', read: 'root', section: 'setting_routing' },
  StreamFirstByteTimeoutSeconds: { kind: 'int', read: 'root', section: 'setting_routing' },
  FirstByteTimeoutSeconds: { kind: 'int', read: 'root', section: 'setting_routing' },
  // model → fallback models, or model → group → fallback models ("*": every other group)
  ModelFallbacks: { kind: 'json', read: 'root', section: 'setting_routing' },
  'monitor_setting.auto_test_channel_enabled': { kind: 'bool', read: 'root', section: 'setting_monitor' },
  'monitor_setting.auto_test_channel_minutes': { kind: 'int', read: 'root', section: 'setting_monitor' },
  'global.pass_through_request_enabled': { kind: 'bool', read: 'root', section: 'setting_global_model' },
  // Logs, dashboard, display
  LogConsumeEnabled: { kind: 'bool', read: 'root', section: 'setting_log' },
  DisplayInCurrencyEnabled: { kind: 'bool', read: 'public', section: null, status: 'display_in_currency' },
  DisplayTokenStatEnabled: {
    kind: 'bool',
    read: 'public',
    section: 'setting_general',
    status: 'display_token_stat',
  },
  DataExportEnabled: {
    kind: 'bool',
    read: 'public',
    section: 'setting_dashboard',
    status: 'enable_data_export',
  },
  DataExportDefaultTime: {
    kind: 'string',
    read: 'public',
    section: 'setting_dashboard',
    status: 'data_export_default_time',
  },
  DataExportInterval: { kind: 'int', read: 'root', section: 'setting_dashboard' },
  // Retention (days; 0 keeps everything): consumption and error logs, dashboard data, finished tasks.
  LogRetentionDays: { kind: 'int', read: 'root', section: 'setting_log' },
  QuotaDataRetentionDays: { kind: 'int', read: 'root', section: 'setting_dashboard' },
  TaskRetentionDays: { kind: 'int', read: 'root', section: 'setting_drawing' },
  DefaultCollapseSidebar: {
    kind: 'bool',
    read: 'public',
    section: 'setting_general',
    status: 'default_collapse_sidebar',
  },
  Chats: { kind: 'json', read: 'public', section: 'setting_chats', status: 'chats' },
  DemoSiteEnabled: { kind: 'bool', read: 'public', section: 'setting_general', status: 'demo_site_enabled' },
  SelfUseModeEnabled: {
    kind: 'bool',
    read: 'public',
    section: 'setting_general',
    status: 'self_use_mode_enabled',
  },
  // Sensitive words
  CheckSensitiveEnabled: { kind: 'bool', read: 'root', section: 'setting_sensitive' },
  CheckSensitiveOnPromptEnabled: { kind: 'bool', read: 'root', section: 'setting_sensitive' },
  CheckSensitiveOnCompletionEnabled: { kind: 'bool', read: 'root', section: 'setting_sensitive' },
  StopOnSensitiveEnabled: { kind: 'bool', read: 'root', section: 'setting_sensitive' },
  SensitiveWords: { kind: 'string', read: 'root', section: 'setting_sensitive' },
  // Drawing and tasks
  DrawingEnabled: { kind: 'bool', read: 'public', section: 'setting_drawing', status: 'enable_drawing' },
  TaskEnabled: { kind: 'bool', read: 'public', section: 'setting_drawing', status: 'enable_task' },
  MjNotifyEnabled: { kind: 'bool', read: 'public', section: 'setting_drawing', status: 'mj_notify_enabled' },
  MjAccountFilterEnabled: { kind: 'bool', read: 'root', section: 'setting_drawing' },
  MjModeClearEnabled: { kind: 'bool', read: 'root', section: 'setting_drawing' },
  MjForwardUrlEnabled: { kind: 'bool', read: 'root', section: 'setting_drawing' },
  MjActionCheckSuccessEnabled: { kind: 'bool', read: 'root', section: 'setting_drawing' },
  OutboundAllowList: { kind: 'string', read: 'root', section: null },
  // Rate limits
  ModelRequestRateLimitEnabled: { kind: 'bool', read: 'root', section: 'setting_ratelimit' },
  ModelRequestRateLimitCount: { kind: 'int', read: 'root', section: 'setting_ratelimit' },
  ModelRequestRateLimitSuccessCount: { kind: 'int', read: 'root', section: 'setting_ratelimit' },
  ModelRequestRateLimitDurationMinutes: { kind: 'int', read: 'root', section: 'setting_ratelimit' },
  ModelRequestRateLimitGroup: { kind: 'json', read: 'root', section: 'setting_ratelimit' },
  // Provider settings
  'gemini.safety_settings': { kind: 'json', read: 'root', section: 'setting_gemini' },
  'gemini.version_settings': { kind: 'json', read: 'root', section: 'setting_gemini' },
  'gemini.supported_imagine_models': { kind: 'json', read: 'root', section: 'setting_gemini' },
  'gemini.thinking_adapter_enabled': { kind: 'bool', read: 'root', section: 'setting_gemini' },
  'gemini.thinking_adapter_budget_tokens_percentage': {
    kind: 'float',
    read: 'root',
    section: 'setting_gemini',
  },
  'claude.model_headers_settings': { kind: 'json', read: 'root', section: 'setting_claude' },
  'claude.default_max_tokens': { kind: 'json', read: 'root', section: 'setting_claude' },
  'claude.thinking_adapter_enabled': { kind: 'bool', read: 'root', section: 'setting_claude' },
  'claude.thinking_adapter_budget_tokens_percentage': {
    kind: 'float',
    read: 'root',
    section: 'setting_claude',
  },
} as const satisfies Record<string, OptionMeta>;

type Registry = typeof OPTION_REGISTRY;

/** The name of a site option; a misspelt name does not compile. */
export type OptionKey = keyof Registry;

export type OptionKindOf<K extends OptionKey> = Registry[K]['kind'];

/** The console cards that edit options, by form name. */
export type OptionSection = NonNullable<Registry[OptionKey]['section']>;

/** The options a console card edits. */
export type SectionOptionKey<S extends OptionSection> = {
  [K in OptionKey]: Registry[K]['section'] extends S ? K : never;
}[OptionKey];

/** The fields of GET /api/status that carry an option's value. */
export type StatusOptionField = {
  [K in OptionKey]: Registry[K] extends { status: infer F extends keyof StatusObject } ? F : never;
}[OptionKey];

export const OPTION_KEYS = Object.keys(OPTION_REGISTRY) as OptionKey[];

const keySet: ReadonlySet<string> = new Set(OPTION_KEYS);

/** For names that arrive at run time (a request, a database row). */
export const isOptionKey = (key: string): key is OptionKey => keySet.has(key);

export const optionRead = (key: OptionKey): OptionRead => OPTION_REGISTRY[key].read;

/** Options never sent to anyone, root included. */
export const SECRET_OPTION_KEYS: readonly OptionKey[] = OPTION_KEYS.filter(
  (key) => optionRead(key) === 'secret',
);

/** Unknown names count as secret: a row imported from elsewhere is never listed. */
export const isSecretOption = (key: string): boolean => !isOptionKey(key) || optionRead(key) === 'secret';

/** Option → the status field that publishes it, for every option that has one. */
export const STATUS_OPTION_FIELDS = OPTION_KEYS.flatMap((key) => {
  const entry: OptionMeta = OPTION_REGISTRY[key];
  return entry.status ? [{ key, field: entry.status as StatusOptionField }] : [];
});

/** The options a console card edits, in registry order. */
export const sectionOptionKeys = <S extends OptionSection>(section: S): SectionOptionKey<S>[] =>
  OPTION_KEYS.filter((key): key is SectionOptionKey<S> => OPTION_REGISTRY[key].section === section);
