import { bool, float, int, jsonArea, area, text, defineSection, type SectionSpec } from './section-spec.ts';

/** Rate limit tab. */
export const RATE_LIMIT_SECTION = defineSection({
  form: 'setting_ratelimit',
  title: 'sections.rateLimit',
  fields: [
    bool('ModelRequestRateLimitEnabled', 'f.rateLimitEnabled'),
    int('ModelRequestRateLimitDurationMinutes', 'f.rateLimitDuration', { min: 0, help: 'h.minutes' }),
    int('ModelRequestRateLimitCount', 'f.rateLimitCount', { min: 0, help: 'h.rateLimitCount' }),
    int('ModelRequestRateLimitSuccessCount', 'f.rateLimitSuccessCount', {
      min: 1,
      help: 'h.rateLimitSuccess',
    }),
    {
      key: 'ModelRequestRateLimitGroup',
      kind: 'groupLimits',
      label: 'f.rateLimitGroup',
      help: 'h.rateLimitGroup',
      wide: true,
    },
  ],
});

/** Model-related tab. */
export const GLOBAL_MODEL_SECTION = defineSection({
  form: 'setting_global_model',
  title: 'sections.globalModel',
  fields: [bool('global.pass_through_request_enabled', 'f.passThrough', { help: 'h.passThrough' })],
});

export const GEMINI_SECTION = defineSection({
  form: 'setting_gemini',
  title: 'sections.gemini',
  fields: [
    jsonArea('gemini.safety_settings', 'f.geminiSafety', { help: 'h.geminiSafety' }),
    jsonArea('gemini.version_settings', 'f.geminiVersion', { help: 'h.geminiVersion' }),
    jsonArea('gemini.supported_imagine_models', 'f.geminiImagine', { rows: 4 }),
    bool('gemini.thinking_adapter_enabled', 'f.thinkingAdapter'),
    float('gemini.thinking_adapter_budget_tokens_percentage', 'f.thinkingBudget', {
      min: 0.002,
      max: 1,
      step: 0.1,
      help: 'h.geminiBudget',
    }),
  ],
});

export const CLAUDE_SECTION = defineSection({
  form: 'setting_claude',
  title: 'sections.claude',
  fields: [
    jsonArea('claude.model_headers_settings', 'f.claudeHeaders', { help: 'h.claudeHeaders' }),
    jsonArea('claude.default_max_tokens', 'f.claudeMaxTokens', { help: 'h.claudeMaxTokens' }),
    bool('claude.thinking_adapter_enabled', 'f.thinkingAdapter'),
    float('claude.thinking_adapter_budget_tokens_percentage', 'f.thinkingBudget', {
      min: 0.1,
      max: 1,
      step: 0.1,
      help: 'h.claudeBudget',
    }),
  ],
});

/** Other tab: one card (and one save) per text. */
export const OTHER_SECTIONS: SectionSpec[] = [
  defineSection({
    form: 'setting_notice',
    title: 'f.notice',
    fields: [area('Notice', 'f.notice', { help: 'h.markdownHtml' })],
  }),
  defineSection({
    form: 'setting_system_name',
    title: 'f.systemName',
    fields: [text('SystemName', 'f.systemName')],
  }),
  defineSection({
    form: 'setting_logo',
    title: 'f.logo',
    fields: [text('Logo', 'f.logo', { help: 'h.logo' })],
  }),
  defineSection({
    form: 'setting_home_page',
    title: 'f.homePageContent',
    fields: [area('HomePageContent', 'f.homePageContent', { help: 'h.homePageContent' })],
  }),
  defineSection({
    form: 'setting_about',
    title: 'f.about',
    fields: [area('About', 'f.about', { help: 'h.homePageContent' })],
  }),
  defineSection({
    form: 'setting_footer',
    title: 'f.footer',
    fields: [area('Footer', 'f.footer', { help: 'h.footer' })],
  }),
];
