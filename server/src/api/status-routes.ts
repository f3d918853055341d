import { isCurrencyDisplay, type StatusObject } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { OptionsCache } from '../cache/options-cache.ts';
import type { OAuthEndpoints } from '../config.ts';
import { isAdminRequest, requireAdmin } from '../auth/guard.ts';
import { oidcEndpoints } from '../auth/oauth/oidc-discovery.ts';
import { siteQuotaDisplay } from '../options/quota-display.ts';
import { ok } from './envelope.ts';
import { featureProbe, type Feature } from './offered-features.ts';

export const VERSION = '0.1.0';

/**
 * The public status object; every field reflects the options as they are now, and a screen's flag
 * is true only when this server also serves that screen's endpoints (`offered`).
 */
export function buildStatus(
  settings: OptionsCache,
  startTime: number,
  offered: Record<Feature, boolean>,
  oauth: OAuthEndpoints,
): StatusObject {
  const s = settings;
  const display = siteQuotaDisplay(s);
  return {
    version: VERSION,
    start_time: startTime,
    setup: true,
    system_name: s.get('SystemName'),
    logo: s.get('Logo'),
    footer_html: s.get('Footer'),
    server_address: s.get('ServerAddress'),
    top_up_link: s.get('TopUpLink'),
    docs_link: s.get('general_setting.docs_link'),
    quota_per_unit: s.number('QuotaPerUnit'),
    display_in_currency: isCurrencyDisplay(display),
    quota_display_type: display.type,
    custom_currency_symbol: s.get('general_setting.custom_currency_symbol'),
    custom_currency_exchange_rate: s.number('general_setting.custom_currency_exchange_rate'),
    quota_remind_threshold: s.number('QuotaRemindThreshold'),
    display_token_stat: s.bool('DisplayTokenStatEnabled'),
    enable_drawing: offered.drawing && s.bool('DrawingEnabled'),
    enable_task: offered.task && s.bool('TaskEnabled'),
    enable_data_export: offered.dataExport && s.bool('DataExportEnabled'),
    enable_batch_update: true,
    data_export_default_time: s.get('DataExportDefaultTime'),
    default_collapse_sidebar: s.bool('DefaultCollapseSidebar'),
    mj_notify_enabled: s.bool('MjNotifyEnabled'),
    chats: s.json<unknown[]>('Chats'),
    self_use_mode_enabled: s.bool('SelfUseModeEnabled'),
    demo_site_enabled: s.bool('DemoSiteEnabled'),
    register_enabled: s.bool('RegisterEnabled'),
    password_login_enabled: s.bool('PasswordLoginEnabled'),
    password_register_enabled: s.bool('PasswordRegisterEnabled'),
    email_verification: s.bool('EmailVerificationEnabled'),
    github_oauth: s.bool('GitHubOAuthEnabled'),
    github_client_id: s.get('GitHubClientId'),
    linuxdo_oauth: s.bool('LinuxDOOAuthEnabled'),
    linuxdo_client_id: s.get('LinuxDOClientId'),
    github_authorize_endpoint: `${oauth.githubOAuthBase}/login/oauth/authorize`,
    linuxdo_authorize_endpoint: `${oauth.linuxdoBase}/oauth2/authorize`,
    telegram_oauth: s.bool('TelegramOAuthEnabled'),
    telegram_bot_name: s.get('TelegramBotName'),
    wechat_login: s.bool('WeChatAuthEnabled'),
    wechat_qrcode: s.get('WeChatAccountQRCodeImageURL'),
    oidc_enabled: offered.oidc && s.bool('oidc.enabled'),
    oidc_client_id: s.get('oidc.client_id'),
    oidc_authorization_endpoint: s.get('oidc.authorization_endpoint'),
    turnstile_check: s.bool('TurnstileCheckEnabled'),
    turnstile_site_key: s.get('TurnstileSiteKey'),
    price: s.number('Price'),
    min_topup: s.number('MinTopUp'),
    enable_online_topup: s.get('PayAddress') !== '' && s.get('EpayId') !== '' && s.get('EpayKey') !== '',
    usd_exchange_rate: s.number('USDExchangeRate'),
  };
}

/** GET /api/status and the site texts (public), GET /api/group/ (admin). */
export const statusApi: FastifyPluginAsync = async (app) => {
  const startTime = Math.floor(Date.now() / 1000);
  const offered = featureProbe(app);
  // Admins also see how this node shares state with the others (never shown to anyone else).
  app.get('/api/status', async (request) => {
    const status = buildStatus(app.settings, startTime, offered(), app.config.oauth);
    // With only a discovery document set, the console still needs where to send the browser.
    if (status.oidc_enabled && !status.oidc_authorization_endpoint) {
      status.oidc_authorization_endpoint = (await oidcEndpoints(app.settings)).authorization;
    }
    if (!(await isAdminRequest(request))) return ok(status);
    const limits = app.limits.status();
    const shared = { ...app.shared.status(), limits_store: limits.store, limits_degraded: limits.degraded };
    return ok({ ...status, shared_state: shared });
  });

  // Site texts the console shows on its home, about and notice areas (admin-set in Settings → Other).
  const siteTexts = {
    '/api/notice': 'Notice',
    '/api/about': 'About',
    '/api/home_page_content': 'HomePageContent',
  } as const;
  for (const [url, key] of Object.entries(siteTexts)) app.get(url, async () => ok(app.settings.get(key)));

  app.get('/api/group/', { onRequest: requireAdmin }, async () =>
    ok(Object.keys(app.settings.json<Record<string, number>>('GroupRatio'))),
  );
};
