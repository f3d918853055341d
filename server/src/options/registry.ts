import {
  DEFAULT_CUSTOM_CURRENCY_SYMBOL,
  isQuotaDisplayType,
  type OptionKey,
  type OptionKind,
  type OptionKindOf,
} from '@relaygate/contract';
import { z } from 'zod';
import {
  DEFAULT_CACHE_RATIO,
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_GROUP_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
  DEFAULT_USER_USABLE_GROUPS,
  prettyJson,
} from './default-ratios.ts';
import { readStatusCodeRanges } from './status-code-ranges.ts';
import { msg, type Text } from '../i18n/text.ts';
import { invalidAllowListEntry } from '../net/allow-list.ts';

export type { OptionKind };

/** The server's half of an option's entry (the other half, in contract/, holds its name and kind). */
export interface OptionDefinition<K extends OptionKind = OptionKind> {
  kind: K;
  /** Stored form of the default: every option value is a string. */
  default: string;
  min?: number;
  max?: number;
  /** For json options: the shape the parsed value must have. */
  schema?: z.ZodType;
  /** Extra rule on the normalised value; returns a message when the value is refused. */
  check?: (value: string) => Text | undefined;
  /** Rewrites an accepted value before it is stored (e.g. strip a trailing slash). */
  normalize?: (value: string) => string;
}

const bool = (value: boolean): OptionDefinition<'bool'> => ({ kind: 'bool', default: String(value) });
const int = (value: number, min?: number, max?: number): OptionDefinition<'int'> => ({
  kind: 'int',
  default: String(value),
  min,
  max,
});
const float = (
  value: number,
  min?: number,
  max?: number,
  check?: OptionDefinition['check'],
): OptionDefinition<'float'> => ({ kind: 'float', default: String(value), min, max, check });
const str = (
  value = '',
  extra: Partial<Omit<OptionDefinition, 'kind'>> = {},
): OptionDefinition<'string'> => ({
  kind: 'string',
  default: value,
  ...extra,
});
const json = (schema: z.ZodType, value: unknown): OptionDefinition<'json'> => ({
  kind: 'json',
  default: prettyJson(value),
  schema,
});

const positive = (value: string) => (Number(value) > 0 ? undefined : msg('option.positive'));
const ratioTable = z.record(z.string().min(1), z.number().finite().nonnegative());
const stringTable = z.record(z.string().min(1), z.string());
const stripTrailingSlash = (value: string) => value.trim().replace(/\/+$/, '');
const httpUrlOrEmpty = (value: string) =>
  value === '' || /^https?:\/\/[^\s]+$/.test(value) ? undefined : msg('option.httpAddress');
const statusCodeRanges = (value: string) => {
  const read = readStatusCodeRanges(value);
  return 'problem' in read ? read.problem : undefined;
};
const hourDayWeek = (value: string) =>
  ['hour', 'day', 'week'].includes(value) ? undefined : msg('option.hourDayWeek');

const DEFAULT_DISABLE_KEYWORDS = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
].join('\n');

const DEFAULT_CHATS = [
  { 'ChatGPT Next Web': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
  {
    'Lobe Chat':
      'https://chat-preview.lobehub.com/?settings={"keyVaults":{"openai":{"apiKey":"{key}","baseURL":"{address}/v1"}}}',
  },
];

const DEFAULT_EMAIL_WHITELIST = [
  'gmail.com',
  '163.com',
  '126.com',
  'qq.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'yahoo.com',
  'foxmail.com',
].join(',');

/**
 * Every option's default (new-api's) and validation, keyed by contract's OPTION_REGISTRY: an option
 * missing here, one not in the registry, or one whose kind differs from the registry's does not
 * compile. A key not listed is refused by PUT /api/option/, so a typo never lands in the database.
 */
export const OPTION_DEFINITIONS: { readonly [K in OptionKey]: OptionDefinition<OptionKindOf<K>> } = {
  // Sign-in and registration
  RegisterEnabled: bool(true),
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  EmailVerificationEnabled: bool(false),
  EmailDomainRestrictionEnabled: bool(false),
  EmailAliasRestrictionEnabled: bool(false),
  EmailDomainWhitelist: str(DEFAULT_EMAIL_WHITELIST),
  GitHubOAuthEnabled: bool(false),
  GitHubClientId: str(),
  GitHubClientSecret: str(),
  LinuxDOOAuthEnabled: bool(false),
  LinuxDOClientId: str(),
  LinuxDOClientSecret: str(),
  LinuxDOMinimumTrustLevel: int(0, 0, 4),
  WeChatAuthEnabled: bool(false),
  WeChatServerAddress: str('', { normalize: stripTrailingSlash, check: httpUrlOrEmpty }),
  WeChatServerToken: str(),
  WeChatAccountQRCodeImageURL: str(),
  TelegramOAuthEnabled: bool(false),
  TelegramBotToken: str(),
  TelegramBotName: str(),
  // OpenID Connect (the keys of new-api's system tab; the sign-in itself comes with the sign-in work)
  'oidc.enabled': bool(false),
  'oidc.client_id': str(),
  'oidc.client_secret': str(),
  'oidc.well_known': str('', { check: httpUrlOrEmpty }),
  'oidc.authorization_endpoint': str('', { check: httpUrlOrEmpty }),
  'oidc.token_endpoint': str('', { check: httpUrlOrEmpty }),
  'oidc.user_info_endpoint': str('', { check: httpUrlOrEmpty }),
  TurnstileCheckEnabled: bool(false),
  TurnstileSiteKey: str(),
  TurnstileSecretKey: str(),
  // Mail
  SMTPServer: str(),
  SMTPPort: int(587, 1, 65535),
  SMTPAccount: str(),
  SMTPFrom: str(),
  SMTPToken: str(),
  SMTPSSLEnabled: bool(false),
  // Site
  ServerAddress: str('', { normalize: stripTrailingSlash, check: httpUrlOrEmpty }),
  WorkerUrl: str('', { normalize: stripTrailingSlash, check: httpUrlOrEmpty }),
  WorkerValidKey: str(),
  WorkerAllowHttpImageRequestEnabled: bool(false),
  SystemName: str('Relaygate'),
  Logo: str(),
  Footer: str(),
  Notice: str(),
  About: str(),
  HomePageContent: str(),
  TopUpLink: str(),
  'general_setting.docs_link': str(),
  'general_setting.ping_interval_enabled': bool(false),
  'general_setting.ping_interval_seconds': int(60, 0),
  'general_setting.quota_display_type': str('USD', {
    check: (v) => (isQuotaDisplayType(v) ? undefined : msg('option.quotaDisplay')),
  }),
  'general_setting.custom_currency_symbol': str(DEFAULT_CUSTOM_CURRENCY_SYMBOL, {
    normalize: (v) => v.trim(),
    check: (v) => (v.length >= 1 && v.length <= 8 ? undefined : msg('option.symbolLength')),
  }),
  'general_setting.custom_currency_exchange_rate': float(1, 0, undefined, positive),
  // Payment
  PayAddress: str('', { normalize: stripTrailingSlash, check: httpUrlOrEmpty }),
  CustomCallbackAddress: str('', { normalize: stripTrailingSlash, check: httpUrlOrEmpty }),
  EpayId: str(),
  EpayKey: str(),
  Price: float(7.3, 0),
  MinTopUp: int(1, 1),
  TopupGroupRatio: json(ratioTable, DEFAULT_GROUP_RATIO),
  StripeApiSecret: str(),
  StripeWebhookSecret: str(),
  StripePriceId: str(),
  StripeUnitPrice: float(8, 0),
  StripeMinTopUp: int(1, 1),
  USDExchangeRate: float(7.3, 0, undefined, positive),
  // Quota
  QuotaForNewUser: int(0, 0),
  QuotaForInviter: int(0, 0),
  QuotaForInvitee: int(0, 0),
  QuotaRemindThreshold: int(1000, 0),
  PreConsumedQuota: int(500, 0),
  StreamCacheQueueLength: int(0, 0),
  QuotaPerUnit: float(500000, 1),
  'quota_setting.enable_free_model_pre_consume': bool(true),
  // Prices and ratios
  ModelRatio: json(ratioTable, DEFAULT_MODEL_RATIO),
  CompletionRatio: json(ratioTable, DEFAULT_COMPLETION_RATIO),
  CacheRatio: json(ratioTable, DEFAULT_CACHE_RATIO),
  CreateCacheRatio: json(ratioTable, {}),
  ModelPrice: json(ratioTable, DEFAULT_MODEL_PRICE),
  ImageRatio: json(ratioTable, { 'gpt-image-1': 2 }),
  AudioRatio: json(ratioTable, {
    'gpt-4o-audio-preview': 16,
    'gpt-4o-mini-audio-preview': 66.67,
    'gpt-4o-realtime-preview': 8,
    'gpt-4o-mini-realtime-preview': 16.67,
    'gpt-4o-mini-tts': 25,
  }),
  AudioCompletionRatio: json(ratioTable, {
    'gpt-4o-realtime': 2,
    'gpt-4o-mini-realtime': 2,
    'gpt-4o-mini-tts': 1,
    'tts-1': 0,
  }),
  GroupRatio: json(ratioTable, DEFAULT_GROUP_RATIO),
  GroupGroupRatio: json(z.record(z.string(), ratioTable), { vip: { edit_this: 0.9 } }),
  UserUsableGroups: json(stringTable, DEFAULT_USER_USABLE_GROUPS),
  AutoGroups: json(z.array(z.string().min(1)), ['default']),
  DefaultUseAutoGroup: bool(false),
  // Channels and retries
  AutomaticDisableChannelEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  ChannelDisableThreshold: float(5, 0),
  AutomaticDisableKeywords: str(DEFAULT_DISABLE_KEYWORDS),
  AutomaticDisableStatusCodes: str('401', { check: statusCodeRanges }),
  AutomaticRetryStatusCodes: str('100-199,300-399,401-407,409-499,500-503,505-523,525-599', {
    check: statusCodeRanges,
  }),
  RetryTimes: int(0, 0, 10),
  // Self-healing routing (relay/routing/breaker-policy.ts); each but ModelFallbacks may be overridden per channel
  CircuitBreakerFailures: int(5, 1, 1000),
  CircuitBreakerWindowSeconds: int(60, 1, 86_400),
  CircuitBreakerCooldownSeconds: int(30, 1, 600),
  StreamFirstByteTimeoutSeconds: int(20, 0, 3600),
  FirstByteTimeoutSeconds: int(0, 0, 3600),
  // model → fallback models, or model → group → fallback models ("*": every other group)
  ModelFallbacks: json(
    z.record(
      z.string().min(1),
      z.union([z.array(z.string().min(1)), z.record(z.string().min(1), z.array(z.string().min(1)))]),
    ),
    {},
  ),
  'monitor_setting.auto_test_channel_enabled': bool(false),
  'monitor_setting.auto_test_channel_minutes': int(10, 1),
  'global.pass_through_request_enabled': bool(false),
  // Logs, dashboard, display
  LogConsumeEnabled: bool(true),
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
  DataExportEnabled: bool(true),
  DataExportDefaultTime: str('hour', { check: hourDayWeek }),
  DataExportInterval: int(5, 1),
  // Retention (days; 0 keeps everything): consumption and error logs, dashboard data, finished tasks.
  LogRetentionDays: int(0, 0, 36_500),
  QuotaDataRetentionDays: int(0, 0, 36_500),
  TaskRetentionDays: int(0, 0, 36_500),
  DefaultCollapseSidebar: bool(false),
  Chats: json(z.array(stringTable), DEFAULT_CHATS),
  DemoSiteEnabled: bool(false),
  SelfUseModeEnabled: bool(false),
  // Sensitive words
  CheckSensitiveEnabled: bool(false),
  CheckSensitiveOnPromptEnabled: bool(true),
  CheckSensitiveOnCompletionEnabled: bool(false),
  StopOnSensitiveEnabled: bool(true),
  SensitiveWords: str(),
  // Drawing and tasks
  DrawingEnabled: bool(false),
  TaskEnabled: bool(true),
  MjNotifyEnabled: bool(false),
  MjAccountFilterEnabled: bool(false),
  MjModeClearEnabled: bool(false),
  MjForwardUrlEnabled: bool(true),
  MjActionCheckSuccessEnabled: bool(true),
  /**
   * Hosts, addresses and CIDR ranges (separated by commas, spaces or new lines) that calls to
   * addresses an admin chose may reach although they are loopback, private or link-local. Cloud
   * metadata addresses only by their exact address or host name.
   */
  OutboundAllowList: str('', {
    check: (value) => {
      const bad = invalidAllowListEntry(value);
      return bad === undefined ? undefined : msg('option.notHost', { entry: bad.slice(0, 80) });
    },
  }),
  // Rate limits
  ModelRequestRateLimitEnabled: bool(false),
  ModelRequestRateLimitCount: int(0, 0),
  ModelRequestRateLimitSuccessCount: int(1000, 1),
  ModelRequestRateLimitDurationMinutes: int(1, 0),
  ModelRequestRateLimitGroup: json(
    z.record(
      z.string(),
      z.tuple([
        z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1),
        z
          .number()
          .int()
          .min(1)
          .max(2 ** 31 - 1),
      ]),
    ),
    {},
  ),
  // Provider settings
  'gemini.safety_settings': json(stringTable, {
    default: 'OFF',
    HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE',
  }),
  'gemini.version_settings': json(stringTable, { default: 'v1beta' }),
  'gemini.supported_imagine_models': json(z.array(z.string()), ['gemini-2.0-flash-exp-image-generation']),
  'gemini.thinking_adapter_enabled': bool(false),
  'gemini.thinking_adapter_budget_tokens_percentage': float(0.6, 0.002, 1),
  'claude.model_headers_settings': json(
    z.record(z.string(), z.record(z.string(), z.union([z.string(), z.array(z.string())]))),
    {},
  ),
  'claude.default_max_tokens': json(z.record(z.string(), z.number().int().positive()), { default: 8192 }),
  'claude.thinking_adapter_enabled': bool(true),
  'claude.thinking_adapter_budget_tokens_percentage': float(0.8, 0.1, 1),
};

export const PRICE_TABLE_KEYS = [
  'ModelRatio',
  'CompletionRatio',
  'CacheRatio',
  'ModelPrice',
] as const satisfies readonly OptionKey[];
