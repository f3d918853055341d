import { msg } from '../../i18n/text.ts';
import { oidcEndpoints } from './oidc-discovery.ts';
import { accessTokenOf, clientCredentials, formPost, idOf, providerJson, textOf } from './provider-http.ts';
import { OAuthRefusal, type OAuthProvider } from './provider.ts';

const LABEL = 'OIDC';

/**
 * A generic OpenID Connect provider, authorization-code flow: endpoints from the discovery document
 * (or set one by one), the client's secret posted with the code, the account from the userinfo
 * endpoint and bound by its `sub`.
 */
export const oidc: OAuthProvider = {
  label: LABEL,
  column: 'oidc_id',
  enabledOption: 'oidc.enabled',
  usernamePrefix: 'oidc_',
  async account(code, { settings, redirectBase }) {
    const { clientId, clientSecret } = clientCredentials(
      LABEL,
      settings.get('oidc.client_id'),
      settings.get('oidc.client_secret'),
    );
    const endpoints = await oidcEndpoints(settings);
    if (!endpoints.token || !endpoints.userInfo) {
      throw new OAuthRefusal(msg('oauth.notConfigured', { provider: LABEL }));
    }
    const tokenAnswer = await providerJson(
      LABEL,
      endpoints.token,
      formPost({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${redirectBase}/oauth/oidc`,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    );
    const user = await providerJson(LABEL, endpoints.userInfo, {
      headers: { authorization: `Bearer ${accessTokenOf(LABEL, tokenAnswer)}` },
    });
    const username = textOf(user.preferred_username) || textOf(user.nickname);
    return {
      id: idOf(LABEL, user.sub),
      username,
      displayName: textOf(user.name) || username,
    };
  },
};
