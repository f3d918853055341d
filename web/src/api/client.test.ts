import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Client from './client.ts';
import type { i18n as I18n } from '../i18n/index.ts';

/** The headers of every request the client made, in order. */
const sent: Headers[] = [];

function answer(envelope: unknown): Response {
  return new Response(JSON.stringify(envelope), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

describe('the API client', () => {
  let client: typeof Client;
  let i18n: typeof I18n;

  beforeAll(async () => {
    // The console's modules expect a page: the language module sets <html lang>.
    vi.stubGlobal('document', { documentElement: { lang: '' } });
    vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return answer({ success: true, message: '', data: 'ok' });
    });
    client = await import('./client.ts');
    ({ i18n } = await import('../i18n/index.ts'));
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('sends the console language as Accept-Language on every call, following a change of language', async () => {
    await i18n.changeLanguage('zh');
    await client.api.get('/api/user/self');
    expect(sent.at(-1)!.get('accept-language')).toBe('zh');

    await i18n.changeLanguage('en');
    await client.api.post('/api/user/login', { username: 'a', password: 'b' });
    expect(sent.at(-1)!.get('accept-language')).toBe('en');
    await client.api.list('/api/token/');
    expect(sent.at(-1)!.get('accept-language')).toBe('en');

    await i18n.changeLanguage('zh');
    await client.request('GET', '/api/status');
    expect(sent.at(-1)!.get('accept-language')).toBe('zh');
  });

  it("shows the server's message as it came (already in the console's language)", async () => {
    vi.stubGlobal('fetch', async () => answer({ success: false, message: '用户名已存在' }));
    await expect(client.api.post('/api/user/register', {})).rejects.toThrow('用户名已存在');
  });
});
