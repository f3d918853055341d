import type { StatusObject } from '@relaygate/contract';
import { siteAddress } from './site-address.ts';

/** The third-party sign-ins of the authorization-code flow, by the {type} of their callback route. */
export type OAuthProvider = 'github' | 'linuxdo' | 'oidc';

const DEFAULT_GITHUB_AUTHORIZE = 'https://github.com/login/oauth/authorize';
const DEFAULT_LINUXDO_AUTHORIZE = 'https://connect.linux.do/oauth2/authorize';

/** The console's own address for provider redirects: the site's server address, else this origin. */
export function callbackUrl(status: StatusObject, provider: OAuthProvider, origin: string): string {
  return `${siteAddress(status, origin)}/oauth/${provider}`;
}

/** The enabled code-flow providers, in the order their buttons show. */
export function enabledOAuthProviders(status: StatusObject): OAuthProvider[] {
  const enabled: OAuthProvider[] = [];
  if (status.github_oauth && status.github_client_id) enabled.push('github');
  if (status.linuxdo_oauth && status.linuxdo_client_id) enabled.push('linuxdo');
  if (status.oidc_enabled && status.oidc_client_id && status.oidc_authorization_endpoint)
    enabled.push('oidc');
  return enabled;
}

/**
 * Where the browser goes to start a third-party login or binding (spec §2.2: the state value is
 * fetched first). The server names the GitHub and LinuxDO pages when they are not the public ones.
 */
export function authorizeUrl(
  provider: OAuthProvider,
  status: StatusObject,
  state: string,
  origin: string,
): string {
  const withQuery = (base: string, query: Record<string, string>) =>
    `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams(query).toString()}`;
  switch (provider) {
    case 'github':
      return withQuery(status.github_authorize_endpoint || DEFAULT_GITHUB_AUTHORIZE, {
        client_id: status.github_client_id,
        state,
        scope: 'user:email',
      });
    case 'linuxdo':
      return withQuery(status.linuxdo_authorize_endpoint || DEFAULT_LINUXDO_AUTHORIZE, {
        response_type: 'code',
        client_id: status.linuxdo_client_id,
        state,
      });
    case 'oidc':
      return withQuery(status.oidc_authorization_endpoint, {
        response_type: 'code',
        client_id: status.oidc_client_id,
        redirect_uri: callbackUrl(status, 'oidc', origin),
        scope: 'openid profile email',
        state,
      });
  }
}

/** The provider of a callback route (/oauth/github, /oauth/linuxdo, /oauth/oidc), or null for any other path. */
export function providerFromPath(pathname: string): OAuthProvider | null {
  const match = /^\/oauth\/(github|linuxdo|oidc)\/?$/.exec(pathname);
  return match ? (match[1] as OAuthProvider) : null;
}
