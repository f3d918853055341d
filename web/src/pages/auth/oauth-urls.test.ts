import { describe, expect, it } from 'vitest';
import { githubAuthorizeUrl, linuxdoAuthorizeUrl, providerFromPath, telegramBotUrl } from './oauth-urls.ts';

describe('authorize URLs', () => {
  it('builds the GitHub URL with client id, state and the e-mail scope', () => {
    expect(githubAuthorizeUrl('abc123', 'st&ate')).toBe(
      'https://github.com/login/oauth/authorize?client_id=abc123&state=st%26ate&scope=user%3Aemail',
    );
  });

  it('builds the LinuxDO URL with a code response type', () => {
    expect(linuxdoAuthorizeUrl('cid', 'xyz')).toBe(
      'https://connect.linux.do/oauth2/authorize?response_type=code&client_id=cid&state=xyz',
    );
  });
});

describe('providerFromPath', () => {
  it('reads the provider from the callback route', () => {
    expect(providerFromPath('/oauth/github')).toBe('github');
    expect(providerFromPath('/oauth/linuxdo/')).toBe('linuxdo');
  });

  it('refuses anything else', () => {
    expect(providerFromPath('/oauth/wechat')).toBeNull();
    expect(providerFromPath('/login')).toBeNull();
  });
});

describe('telegramBotUrl', () => {
  it('links the bot without a leading @', () => {
    expect(telegramBotUrl('@relay_bot')).toBe('https://t.me/relay_bot');
  });
});
