import { bool, float, int, jsonArea, area, secret, text, defineSection } from './section-spec.ts';

/** System tab cards, in page order. */
export const SERVER_SECTION = defineSection({
  form: 'setting_server',
  title: 'sections.server',
  fields: [text('ServerAddress', 'f.serverAddress', { stripSlash: true, help: 'h.serverAddress' })],
});

export const WORKER_SECTION = defineSection({
  form: 'setting_worker',
  title: 'sections.worker',
  note: 'h.worker',
  fields: [
    text('WorkerUrl', 'f.workerUrl', { stripSlash: true }),
    secret('WorkerValidKey', 'f.workerValidKey'),
    bool('WorkerAllowHttpImageRequestEnabled', 'f.workerAllowHttpImage'),
  ],
});

export const PAYMENT_SECTION = defineSection({
  form: 'setting_payment',
  title: 'sections.payment',
  note: 'h.payment',
  requires: { key: 'ServerAddress', message: 'needServerAddress' },
  fields: [
    text('PayAddress', 'f.payAddress', { stripSlash: true }),
    text('EpayId', 'f.epayId'),
    secret('EpayKey', 'f.epayKey'),
    float('Price', 'f.price', { min: 0, help: 'h.price' }),
    int('MinTopUp', 'f.minTopUp', { min: 1, help: 'h.minTopUp' }),
    text('CustomCallbackAddress', 'f.customCallbackAddress', { stripSlash: true, help: 'h.customCallback' }),
    jsonArea('TopupGroupRatio', 'f.topupGroupRatio', {
      jsonMessage: 'topupGroupRatioInvalid',
      help: 'h.topupGroupRatio',
      rows: 5,
    }),
  ],
});

export const STRIPE_SECTION = defineSection({
  form: 'setting_stripe',
  title: 'sections.stripe',
  requires: { key: 'ServerAddress', message: 'needServerAddress' },
  fields: [
    secret('StripeApiSecret', 'f.stripeApiSecret'),
    secret('StripeWebhookSecret', 'f.stripeWebhookSecret'),
    text('StripePriceId', 'f.stripePriceId'),
    float('StripeUnitPrice', 'f.stripeUnitPrice', { min: 0 }),
    int('StripeMinTopUp', 'f.stripeMinTopUp', { min: 1, help: 'h.minTopUp' }),
  ],
});

export const LOGIN_SECTION = defineSection({
  form: 'setting_login',
  title: 'sections.login',
  note: 'h.loginSwitches',
  fields: [
    bool('PasswordLoginEnabled', 'f.passwordLogin', { confirmOff: 'confirmPasswordLoginOff' }),
    bool('PasswordRegisterEnabled', 'f.passwordRegister'),
    bool('EmailVerificationEnabled', 'f.emailVerification'),
    bool('GitHubOAuthEnabled', 'f.githubOAuth'),
    bool('LinuxDOOAuthEnabled', 'f.linuxdoOAuth'),
    bool('WeChatAuthEnabled', 'f.wechatAuth'),
    bool('TelegramOAuthEnabled', 'f.telegramOAuth'),
    bool('TurnstileCheckEnabled', 'f.turnstileCheck'),
    bool('RegisterEnabled', 'f.registerEnabled'),
  ],
});

export const EMAIL_DOMAIN_SECTION = defineSection({
  form: 'setting_email_domain',
  title: 'sections.emailDomain',
  fields: [
    bool('EmailDomainRestrictionEnabled', 'f.emailDomainRestriction'),
    bool('EmailAliasRestrictionEnabled', 'f.emailAliasRestriction'),
    area('EmailDomainWhitelist', 'f.emailDomainWhitelist', { help: 'h.commaSeparated', rows: 3 }),
  ],
});

export const SMTP_SECTION = defineSection({
  form: 'setting_smtp',
  title: 'sections.smtp',
  fields: [
    text('SMTPServer', 'f.smtpServer'),
    int('SMTPPort', 'f.smtpPort', { min: 1, max: 65535, help: 'h.smtpPort' }),
    text('SMTPAccount', 'f.smtpAccount'),
    text('SMTPFrom', 'f.smtpFrom'),
    secret('SMTPToken', 'f.smtpToken'),
    bool('SMTPSSLEnabled', 'f.smtpSsl'),
  ],
});

export const GITHUB_SECTION = defineSection({
  form: 'setting_github',
  title: 'sections.github',
  note: 'h.github',
  fields: [text('GitHubClientId', 'f.clientId'), secret('GitHubClientSecret', 'f.clientSecret')],
});

export const LINUXDO_SECTION = defineSection({
  form: 'setting_linuxdo',
  title: 'sections.linuxdo',
  note: 'h.linuxdo',
  fields: [
    text('LinuxDOClientId', 'f.clientId'),
    secret('LinuxDOClientSecret', 'f.clientSecret'),
    int('LinuxDOMinimumTrustLevel', 'f.linuxdoTrustLevel', { min: 0, max: 4 }),
  ],
});

export const OIDC_SECTION = defineSection({
  form: 'setting_oidc',
  title: 'sections.oidc',
  note: 'h.oidc',
  fields: [
    bool('oidc.enabled', 'f.oidcEnabled'),
    text('oidc.client_id', 'f.clientId'),
    secret('oidc.client_secret', 'f.clientSecret'),
    text('oidc.well_known', 'f.oidcWellKnown', { help: 'h.oidcWellKnown' }),
    text('oidc.authorization_endpoint', 'f.oidcAuthorizationEndpoint'),
    text('oidc.token_endpoint', 'f.oidcTokenEndpoint'),
    text('oidc.user_info_endpoint', 'f.oidcUserInfoEndpoint'),
  ],
});

export const WECHAT_SECTION = defineSection({
  form: 'setting_wechat',
  title: 'sections.wechat',
  fields: [
    text('WeChatServerAddress', 'f.wechatServerAddress', { stripSlash: true }),
    secret('WeChatServerToken', 'f.wechatServerToken'),
    text('WeChatAccountQRCodeImageURL', 'f.wechatQrCode'),
  ],
});

export const TELEGRAM_SECTION = defineSection({
  form: 'setting_telegram',
  title: 'sections.telegram',
  fields: [text('TelegramBotName', 'f.telegramBotName'), secret('TelegramBotToken', 'f.telegramBotToken')],
});

export const TURNSTILE_SECTION = defineSection({
  form: 'setting_turnstile',
  title: 'sections.turnstile',
  fields: [
    secret('TurnstileSiteKey', 'f.turnstileSiteKey'),
    secret('TurnstileSecretKey', 'f.turnstileSecretKey'),
  ],
});
