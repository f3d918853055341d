import { isCurrencyDisplay, type OptionKey, type StatusObject } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { OAuthEndpoints } from '../config.ts';
import { isAdminRequest, requireAdmin } from '../auth/guard.ts';
import { oidcEndpoints } from '../auth/oauth/oidc-discovery.ts';
import { siteQuotaDisplay } from '../options/quota-display.ts';
import type { OptionReader } from '../options/option-reader.ts';
import { statusOptionValues } from '../options/status-options.ts';
import { ok } from './envelope.ts';
import { featureProbe, type Feature } from './offered-features.ts';

export const VERSION = '0.1.0';

/**
 * The public status object; every field reflects the options as they are now, and a screen's flag
 * is true only when this server also serves that screen's endpoints (`offered`).
 */
export function buildStatus(
  settings: OptionReader,
  startTime: number,
  offered: Record<Feature, boolean>,
  oauth: OAuthEndpoints,
): StatusObject {
  const s = settings;
  const display = siteQuotaDisplay(s);
  return {
    // Every field that carries an option as it is (the registry's `status`); those below that
    // name an option again refine it: a screen's flag, the display the legacy switch implies.
    ...statusOptionValues(s),
    version: VERSION,
    start_time: startTime,
    setup: true,
    display_in_currency: isCurrencyDisplay(display),
    quota_display_type: display.type,
    enable_drawing: offered.drawing && s.bool('DrawingEnabled'),
    enable_task: offered.task && s.bool('TaskEnabled'),
    enable_data_export: offered.dataExport && s.bool('DataExportEnabled'),
    enable_batch_update: true,
    github_authorize_endpoint: `${oauth.githubOAuthBase}/login/oauth/authorize`,
    linuxdo_authorize_endpoint: `${oauth.linuxdoBase}/oauth2/authorize`,
    oidc_enabled: offered.oidc && s.bool('oidc.enabled'),
    enable_online_topup: s.get('PayAddress') !== '' && s.get('EpayId') !== '' && s.get('EpayKey') !== '',
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
  } as const satisfies Record<string, OptionKey>;
  for (const [url, key] of Object.entries(siteTexts)) app.get(url, async () => ok(app.settings.get(key)));

  app.get('/api/group/', { onRequest: requireAdmin }, async () =>
    ok(Object.keys(app.settings.json<Record<string, number>>('GroupRatio'))),
  );
};
