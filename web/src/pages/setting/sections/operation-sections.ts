import { QUOTA_DISPLAY_TYPES } from '@relaygate/contract';
import { area, bool, float, int, jsonArea, text, defineSection } from './section-spec.ts';

/** The operation tab's cards, in page order (the log card adds history clearing, see LogSection). */
export const GENERAL_SECTION = defineSection({
  form: 'setting_general',
  title: 'sections.general',
  fields: [
    text('TopUpLink', 'f.topUpLink', { help: 'h.topUpLink' }),
    text('general_setting.docs_link', 'f.docsLink', { help: 'h.docsLink' }),
    float('QuotaPerUnit', 'f.quotaPerUnit', { min: 1, help: 'h.quotaPerUnit' }),
    int('RetryTimes', 'f.retryTimes', { min: 0, max: 10 }),
    {
      key: 'general_setting.quota_display_type',
      kind: 'select',
      label: 'f.quotaDisplayType',
      help: 'h.quotaDisplayType',
      choices: QUOTA_DISPLAY_TYPES.map((type) => ({ value: type, label: `displayType.${type}` })),
    },
    float('USDExchangeRate', 'f.usdExchangeRate', { min: 0.000001, help: 'h.usdExchangeRate' }),
    text('general_setting.custom_currency_symbol', 'f.customCurrencySymbol'),
    float('general_setting.custom_currency_exchange_rate', 'f.customCurrencyRate', {
      min: 0.000001,
      help: 'h.customCurrencyRate',
    }),
    bool('DisplayTokenStatEnabled', 'f.displayTokenStat'),
    bool('DefaultCollapseSidebar', 'f.defaultCollapseSidebar'),
    bool('DemoSiteEnabled', 'f.demoSite'),
    bool('SelfUseModeEnabled', 'f.selfUseMode'),
  ],
});

export const DRAWING_SECTION = defineSection({
  form: 'setting_drawing',
  title: 'sections.drawing',
  fields: [
    bool('DrawingEnabled', 'f.drawing'),
    bool('TaskEnabled', 'f.task'),
    bool('MjNotifyEnabled', 'f.mjNotify'),
    bool('MjAccountFilterEnabled', 'f.mjAccountFilter'),
    bool('MjForwardUrlEnabled', 'f.mjForwardUrl'),
    bool('MjModeClearEnabled', 'f.mjModeClear'),
    bool('MjActionCheckSuccessEnabled', 'f.mjActionCheckSuccess'),
    int('TaskRetentionDays', 'f.taskRetentionDays', { min: 0, help: 'h.taskRetentionDays' }),
  ],
});

export const SENSITIVE_SECTION = defineSection({
  form: 'setting_sensitive',
  title: 'sections.sensitive',
  fields: [
    bool('CheckSensitiveEnabled', 'f.checkSensitive'),
    bool('CheckSensitiveOnPromptEnabled', 'f.checkSensitivePrompt'),
    bool('CheckSensitiveOnCompletionEnabled', 'f.checkSensitiveCompletion', {
      help: 'h.sensitiveCompletion',
    }),
    bool('StopOnSensitiveEnabled', 'f.stopOnSensitive', { help: 'h.stopOnSensitive' }),
    area('SensitiveWords', 'f.sensitiveWords', { help: 'h.onePerLine' }),
  ],
});

export const LOG_SECTION = defineSection({
  form: 'setting_log',
  title: 'sections.log',
  fields: [
    bool('LogConsumeEnabled', 'f.logConsume'),
    int('LogRetentionDays', 'f.logRetentionDays', { min: 0, help: 'h.logRetentionDays' }),
  ],
});

export const DASHBOARD_SECTION = defineSection({
  form: 'setting_dashboard',
  title: 'sections.dashboard',
  fields: [
    bool('DataExportEnabled', 'f.dataExport'),
    int('DataExportInterval', 'f.dataExportInterval', { min: 1, help: 'h.minutes' }),
    int('QuotaDataRetentionDays', 'f.quotaDataRetentionDays', { min: 0, help: 'h.retentionDays' }),
    {
      key: 'DataExportDefaultTime',
      kind: 'select',
      label: 'f.dataExportDefaultTime',
      choices: [
        { value: 'hour', label: 'granularity.hour' },
        { value: 'day', label: 'granularity.day' },
        { value: 'week', label: 'granularity.week' },
      ],
    },
  ],
});

export const MONITOR_SECTION = defineSection({
  form: 'setting_monitor',
  title: 'sections.monitor',
  fields: [
    float('ChannelDisableThreshold', 'f.channelDisableThreshold', { min: 0, help: 'h.seconds' }),
    int('QuotaRemindThreshold', 'f.quotaRemindThreshold', { min: 0, quota: true }),
    bool('AutomaticDisableChannelEnabled', 'f.autoDisableChannel'),
    bool('AutomaticEnableChannelEnabled', 'f.autoEnableChannel'),
    bool('monitor_setting.auto_test_channel_enabled', 'f.autoTestChannel'),
    int('monitor_setting.auto_test_channel_minutes', 'f.autoTestChannelMinutes', {
      min: 1,
      help: 'h.minutes',
    }),
    text('AutomaticDisableStatusCodes', 'f.autoDisableStatusCodes', { help: 'h.statusCodes' }),
    text('AutomaticRetryStatusCodes', 'f.autoRetryStatusCodes', { help: 'h.statusCodes' }),
    area('AutomaticDisableKeywords', 'f.autoDisableKeywords', { help: 'h.onePerLine' }),
  ],
});

/** Self-healing routing (#33): circuit breakers, first-byte fail-over, fallback models. */
export const ROUTING_SECTION = defineSection({
  form: 'setting_routing',
  title: 'sections.routing',
  note: 'h.routingOverrides',
  fields: [
    int('CircuitBreakerFailures', 'f.breakerFailures', { min: 1, max: 1000, help: 'h.breakerFailures' }),
    int('CircuitBreakerWindowSeconds', 'f.breakerWindow', { min: 1, max: 86400, help: 'h.inSeconds' }),
    int('CircuitBreakerCooldownSeconds', 'f.breakerCooldown', {
      min: 1,
      max: 600,
      help: 'h.breakerCooldown',
    }),
    int('StreamFirstByteTimeoutSeconds', 'f.streamFirstByte', {
      min: 0,
      max: 3600,
      help: 'h.streamFirstByte',
    }),
    int('FirstByteTimeoutSeconds', 'f.firstByte', { min: 0, max: 3600, help: 'h.firstByte' }),
    jsonArea('ModelFallbacks', 'f.modelFallbacks', { help: 'h.modelFallbacks', rows: 5 }),
  ],
});

export const QUOTA_SECTION = defineSection({
  form: 'setting_quota',
  title: 'sections.quota',
  note: 'h.quotaUnits',
  fields: [
    int('QuotaForNewUser', 'f.quotaForNewUser', { min: 0, quota: true }),
    int('PreConsumedQuota', 'f.preConsumedQuota', { min: 0, quota: true }),
    int('QuotaForInviter', 'f.quotaForInviter', { min: 0, quota: true }),
    int('QuotaForInvitee', 'f.quotaForInvitee', { min: 0, quota: true }),
    bool('quota_setting.enable_free_model_pre_consume', 'f.freeModelPreConsume'),
  ],
});

export const GROUP_SECTION = defineSection({
  form: 'setting_group',
  title: 'sections.group',
  fields: [
    jsonArea('GroupRatio', 'f.groupRatio', { help: 'h.groupRatio' }),
    jsonArea('UserUsableGroups', 'f.userUsableGroups', { help: 'h.userUsableGroups' }),
    jsonArea('GroupGroupRatio', 'f.groupGroupRatio', { help: 'h.groupGroupRatio', rows: 5 }),
    jsonArea('AutoGroups', 'f.autoGroups', { help: 'h.autoGroups', rows: 4 }),
    bool('DefaultUseAutoGroup', 'f.defaultUseAutoGroup'),
  ],
});

export const CHATS_SECTION = defineSection({
  form: 'setting_chats',
  title: 'sections.chats',
  fields: [jsonArea('Chats', 'f.chats', { help: 'h.chats' })],
});

/** The model price and ratio tables as JSON (sub-tab "model ratio settings"). */
export const RATIO_JSON_SECTION = defineSection({
  form: 'setting_ratio',
  title: 'sections.ratioJson',
  fields: [
    jsonArea('ModelPrice', 'f.modelPrice', { help: 'h.modelPrice', rows: 12 }),
    jsonArea('ModelRatio', 'f.modelRatio', { help: 'h.modelRatio', rows: 12 }),
    jsonArea('CacheRatio', 'f.cacheRatio', { help: 'h.cacheRatio', rows: 12 }),
    jsonArea('CompletionRatio', 'f.completionRatio', { help: 'h.completionRatio', rows: 12 }),
  ],
});
