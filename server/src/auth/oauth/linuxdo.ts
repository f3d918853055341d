import { msg } from '../../i18n/text.ts';
import { accessTokenOf, clientCredentials, formPost, idOf, providerJson, textOf } from './provider-http.ts';
import { OAuthRefusal, type OAuthProvider } from './provider.ts';

const LABEL = 'LinuxDO';

/**
 * LinuxDO Connect: the code is exchanged at /oauth2/token (client credentials as Basic auth), the
 * user read from /api/user; a user below the admin's minimum trust level is refused.
 */
export const linuxdo: OAuthProvider = {
  label: LABEL,
  column: 'linux_do_id',
  enabledOption: 'LinuxDOOAuthEnabled',
  usernamePrefix: 'linuxdo_',
  async account(code, { settings, endpoints, redirectBase }) {
    const { clientId, clientSecret } = clientCredentials(
      LABEL,
      settings.get('LinuxDOClientId'),
      settings.get('LinuxDOClientSecret'),
    );
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const tokenAnswer = await providerJson(
      LABEL,
      `${endpoints.linuxdoBase}/oauth2/token`,
      formPost(
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: `${redirectBase}/oauth/linuxdo`,
        },
        { authorization: `Basic ${basic}` },
      ),
    );
    const user = await providerJson(LABEL, `${endpoints.linuxdoBase}/api/user`, {
      headers: { authorization: `Bearer ${accessTokenOf(LABEL, tokenAnswer)}` },
    });
    const minimum = settings.number('LinuxDOMinimumTrustLevel');
    const trustLevel = typeof user.trust_level === 'number' ? user.trust_level : 0;
    if (trustLevel < minimum) throw new OAuthRefusal(msg('oauth.trustLevelTooLow', { level: minimum }));
    return {
      id: idOf(LABEL, user.id),
      username: textOf(user.username),
      displayName: textOf(user.name) || textOf(user.username),
    };
  },
};
