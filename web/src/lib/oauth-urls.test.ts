import type { StatusObject } from '@relaygate/contract';
import { describe, expect, it } from 'vitest';
import { authorizeUrl, callbackUrl, enabledOAuthProviders, providerFromPath } from './oauth-urls.ts';

const status = (fields: Partial<StatusObject>) => fields as StatusObject;
const ORIGIN = 'https://console.example';

describe('authorize URLs', () => {
  it('builds the GitHub URL with client id, state and the e-mail scope', () => {
    expect(authorizeUrl('github', status({ github_client_id: 'abc123' }), 'st&ate', ORIGIN)).toBe(
      'https://github.com/login/oauth/authorize?client_id=abc123&state=st%26ate&scope=user%3Aemail',
    );
  });

  it('uses the authorize page the server names (a local provider in tests)', () => {
    const local = status({
      github_client_id: 'c',
      github_authorize_endpoint: 'http://127.0.0.1:9/login/oauth/authorize',
    });
    expect(authorizeUrl('github', local, 's', ORIGIN)).toBe(
      'http://127.0.0.1:9/login/oauth/authorize?client_id=c&state=s&scope=user%3Aemail',
    );
  });

  it('builds the LinuxDO URL with a code response type', () => {
    expect(authorizeUrl('linuxdo', status({ linuxdo_client_id: 'cid' }), 'xyz', ORIGIN)).toBe(
      'https://connect.linux.do/oauth2/authorize?response_type=code&client_id=cid&state=xyz',
    );
  });

  it('builds the OpenID Connect URL with the redirect URI and the standard scopes', () => {
    const oidc = status({
      oidc_client_id: 'oc',
      oidc_authorization_endpoint: 'https://id.example/auth?tenant=1',
      server_address: 'https://gw.example/',
    });
    const url = new URL(authorizeUrl('oidc', oidc, 'st', ORIGIN));
    expect(url.origin + url.pathname).toBe('https://id.example/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: '1',
      response_type: 'code',
      client_id: 'oc',
      redirect_uri: 'https://gw.example/oauth/oidc',
      scope: 'openid profile email',
      state: 'st',
    });
  });

  it('falls back to this origin for callbacks when no server address is set', () => {
    expect(callbackUrl(status({ server_address: '' }), 'oidc', ORIGIN)).toBe(
      'https://console.example/oauth/oidc',
    );
  });
});

describe('enabledOAuthProviders', () => {
  it('lists a provider only when switched on and configured', () => {
    expect(
      enabledOAuthProviders(
        status({
          github_oauth: true,
          github_client_id: 'x',
          linuxdo_oauth: true,
          linuxdo_client_id: '',
          oidc_enabled: true,
          oidc_client_id: 'o',
          oidc_authorization_endpoint: 'https://id.example/auth',
        }),
      ),
    ).toEqual(['github', 'oidc']);
  });
});

describe('providerFromPath', () => {
  it('reads the provider from the callback route', () => {
    expect(providerFromPath('/oauth/github')).toBe('github');
    expect(providerFromPath('/oauth/linuxdo/')).toBe('linuxdo');
    expect(providerFromPath('/oauth/oidc')).toBe('oidc');
  });

  it('refuses anything else', () => {
    expect(providerFromPath('/oauth/wechat')).toBeNull();
    expect(providerFromPath('/login')).toBeNull();
  });
});
