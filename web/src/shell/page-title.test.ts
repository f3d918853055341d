import { describe, expect, it } from 'vitest';
import { common } from '../i18n/common.ts';
import { documentTitle, screenTitleKey } from './page-title.ts';

describe('screenTitleKey', () => {
  it('names each console screen after its menu entry', () => {
    expect(screenTitleKey('/token')).toBe('menu.tokens');
    expect(screenTitleKey('/log')).toBe('menu.logs');
    expect(screenTitleKey('/channel')).toBe('menu.channels');
    expect(screenTitleKey('/setting')).toBe('menu.settings');
    expect(screenTitleKey('/detail')).toBe('menu.dashboard');
  });

  it('keeps the list title while its drawer is open', () => {
    expect(screenTitleKey('/channel/add')).toBe('menu.channels');
    expect(screenTitleKey('/channel/edit/12')).toBe('menu.channels');
    expect(screenTitleKey('/user/edit')).toBe('menu.users');
    expect(screenTitleKey('/user/edit/3')).toBe('menu.users');
  });

  it('names the public and sign-in pages', () => {
    expect(screenTitleKey('/')).toBe('shell.home');
    expect(screenTitleKey('/pricing/')).toBe('shell.pricing');
    expect(screenTitleKey('/login')).toBe('title.login');
    expect(screenTitleKey('/user/reset')).toBe('title.reset');
    expect(screenTitleKey('/oauth/github')).toBe('title.oauth');
    expect(screenTitleKey('/chat/2')).toBe('menu.chat');
  });

  it('calls anything else not found', () => {
    expect(screenTitleKey('/no-such-page')).toBe('title.notFound');
    expect(screenTitleKey('/channel/edit/abc')).toBe('title.notFound');
  });

  it('only names screens with a translation in both languages', () => {
    const paths = [
      '/',
      '/about',
      '/pricing',
      '/login',
      '/register',
      '/reset',
      '/oauth/linuxdo',
      '/playground',
      '/chat2link',
      '/detail',
      '/token',
      '/log',
      '/midjourney',
      '/task',
      '/topup',
      '/personal',
      '/channel',
      '/redemption',
      '/user',
      '/setting',
      '/nowhere',
    ];
    for (const path of paths) {
      const [group, name] = screenTitleKey(path).split('.') as [string, string];
      for (const language of [common.zh, common.en])
        expect((language[group] as Record<string, unknown>)[name], path).toEqual(expect.any(String));
    }
  });
});

describe('documentTitle', () => {
  it('puts the screen before the system name', () => {
    expect(documentTitle('API tokens', 'Relaygate')).toBe('API tokens - Relaygate');
    expect(documentTitle('渠道', '我的网关')).toBe('渠道 - 我的网关');
  });

  it('is the system name alone without a screen', () => {
    expect(documentTitle('', 'Relaygate')).toBe('Relaygate');
  });
});
