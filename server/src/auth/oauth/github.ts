import { accessTokenOf, clientCredentials, idOf, providerJson, textOf } from './provider-http.ts';
import type { OAuthProvider } from './provider.ts';

const LABEL = 'GitHub';

/**
 * GitHub OAuth apps: the code is exchanged at /login/oauth/access_token, the user read from the
 * API's /user. The binding keeps GitHub's numeric user id, which (unlike the login) never changes
 * hands when a user renames.
 */
export const github: OAuthProvider = {
  label: LABEL,
  column: 'github_id',
  enabledOption: 'GitHubOAuthEnabled',
  usernamePrefix: 'github_',
  async account(code, { settings, endpoints }) {
    const { clientId, clientSecret } = clientCredentials(
      LABEL,
      settings.get('GitHubClientId'),
      settings.get('GitHubClientSecret'),
    );
    const tokenAnswer = await providerJson(LABEL, `${endpoints.githubOAuthBase}/login/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, code }),
    });
    const user = await providerJson(LABEL, `${endpoints.githubApiBase}/user`, {
      headers: { authorization: `Bearer ${accessTokenOf(LABEL, tokenAnswer)}`, 'user-agent': 'relaygate' },
    });
    return {
      id: idOf(LABEL, user.id),
      username: textOf(user.login),
      displayName: textOf(user.name) || textOf(user.login),
    };
  },
};
