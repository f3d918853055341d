import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { optionalUser } from '../../auth/guard.ts';
import { OAUTH_PROVIDERS } from '../../auth/oauth/index.ts';
import { OAuthStates } from '../../auth/oauth/state.ts';
import { msg } from '../../i18n/text.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { bindAccount, signInOrRegister } from './account-link.ts';
import { limitedByAddress } from '../address-limit.ts';

/** The state is also kept in this cookie: a callback counts only in the browser that started it. */
const STATE_COOKIE = 'oauth_state';
const STATE_SECONDS = 10 * 60;

const stateQuery = z.object({ aff: z.string().max(64).optional() });
const callbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(64).optional(),
});

function stateOfBrowser(request: FastifyRequest): string | null {
  const raw = request.cookies[STATE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/**
 * The authorization-code flow (GitHub, LinuxDO, OpenID Connect): GET /api/oauth/state, then the
 * provider sends the browser back to /oauth/{type}, whose page calls GET /api/oauth/{type}?code&state.
 */
export const codeFlowRoutes: FastifyPluginAsync = async (app) => {
  const states = new OAuthStates(app.store, app.shared.redis);
  const limited = { onRequest: limitedByAddress(app).onRequest };

  app.get('/api/oauth/state', limited, async (request, reply) => {
    const { aff } = parseInput(stateQuery, request.query);
    const state = await states.issue(aff ?? '');
    reply.setCookie(STATE_COOKIE, state, {
      signed: true,
      httpOnly: true,
      secure: request.protocol === 'https',
      // Lax: the provider's redirect back is a cross-site navigation.
      sameSite: 'lax',
      path: '/api/oauth',
      maxAge: STATE_SECONDS,
    });
    return ok(state);
  });

  for (const [type, provider] of Object.entries(OAUTH_PROVIDERS)) {
    app.get(`/api/oauth/${type}`, limited, async (request, reply) => {
      if (!app.settings.bool(provider.enabledOption)) {
        throw new ApiError(msg('oauth.disabled', { provider: provider.label }));
      }
      const { code, state } = parseInput(callbackQuery, request.query);
      if (!state || stateOfBrowser(request) !== state) throw new ApiError(msg('oauth.stateInvalid'));
      const issued = await states.take(state);
      if (!issued) throw new ApiError(msg('oauth.stateInvalid'));
      reply.clearCookie(STATE_COOKIE, { path: '/api/oauth' });
      if (!code) throw new ApiError(msg('oauth.codeMissing'));

      // As the console builds the redirect URI: the server address, else the address it was reached at.
      const redirectBase = app.settings.get('ServerAddress') || `${request.protocol}://${request.host}`;
      const account = await provider.account(code, {
        settings: app.settings,
        endpoints: app.config.oauth,
        redirectBase,
      });
      const user = await optionalUser(request);
      if (user) {
        await bindAccount(app, user, provider, account.id);
        return ok(undefined, 'bind');
      }
      return ok(await signInOrRegister(app, reply, provider, account, issued.aff));
    });
  }
};
