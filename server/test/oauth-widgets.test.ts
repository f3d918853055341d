import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRoot, type ConsoleClient } from './support/console-client.ts';
import { MOCK_CLIENTS, startMockOAuth, type MockOAuth } from './support/mock-oauth.ts';
import { Browser, registeredBrowser, setOptions } from './support/oauth-browser.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const BOT_TOKEN = '123456:test-bot-token';

/** The widget's fields signed as Telegram signs them (or with another bot's token, to forge). */
function telegramQuery(fields: Record<string, string>, token = BOT_TOKEN): string {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(token).digest();
  const hash = createHmac('sha256', key).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

const now = () => Math.floor(Date.now() / 1000);
const widgetFields = (id: string, authDate = now()) => ({
  id,
  first_name: 'Tele',
  username: `tg${id}`,
  auth_date: String(authDate),
});

describe.skipIf(databaseUnavailable())('WeChat and Telegram sign-in', () => {
  let mock: MockOAuth;
  let t: TestServer;
  let root: ConsoleClient;

  beforeAll(async () => {
    mock = await startMockOAuth();
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    await setOptions(root, {
      WeChatServerAddress: mock.url,
      WeChatServerToken: MOCK_CLIENTS.wechatToken,
      WeChatAuthEnabled: 'true',
      TelegramBotToken: BOT_TOKEN,
      TelegramBotName: 'relaygate_bot',
      TelegramOAuthEnabled: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.close();
  });

  it('WeChat: a code registers a new account, and the same WeChat user signs in to it again', async () => {
    const browser = new Browser(t.url);
    const first = await browser.get<{ id: number; username: string }>(
      `/api/oauth/wechat?code=${mock.wechatCodeFor('openid-1')}`,
    );
    expect(first.body, first.body.message).toMatchObject({ success: true, data: { username: /^wechat_/ } });
    browser.userId = first.body.data!.id;
    expect((await browser.self()).wechat_id).toBe('openid-1');

    const again = await new Browser(t.url).get<{ id: number }>(
      `/api/oauth/wechat?code=${mock.wechatCodeFor('openid-1')}`,
    );
    expect(again.body.data?.id).toBe(first.body.data!.id);
  });

  it('WeChat: a wrong code is refused with the server reason', async () => {
    const answer = await new Browser(t.url).get('/api/oauth/wechat?code=000000');
    expect(answer.body).toEqual({ success: false, message: expect.stringMatching(/WeChat.*验证码错误/) });
    const empty = await new Browser(t.url).get('/api/oauth/wechat?code=');
    expect(empty.body.success).toBe(false);
  });

  it('WeChat: a signed-in user binds with a code; an openid bound elsewhere is refused', async () => {
    const user = await registeredBrowser(t.url, 'wxbinder');
    const bound = await user.get(`/api/oauth/wechat/bind?code=${mock.wechatCodeFor('openid-2')}`);
    expect(bound.body).toEqual({ success: true, message: 'bind' });
    expect((await user.self()).wechat_id).toBe('openid-2');

    const other = await registeredBrowser(t.url, 'wxother');
    const refused = await other.get(`/api/oauth/wechat/bind?code=${mock.wechatCodeFor('openid-2')}`);
    expect(refused.body).toEqual({ success: false, message: expect.stringMatching(/already bound/) });
    expect((await new Browser(t.url).get('/api/oauth/wechat/bind?code=x')).status).toBe(401);
  });

  it('Telegram: binding needs a valid hash; then the widget signs in to the bound account', async () => {
    const user = await registeredBrowser(t.url, 'tgbinder');
    const bound = await user.get(`/api/oauth/telegram/bind?${telegramQuery(widgetFields('9001'))}`);
    expect(bound.body, bound.body.message).toEqual({ success: true, message: 'bind' });
    expect((await user.self()).telegram_id).toBe('9001');

    const login = await new Browser(t.url).get<{ username: string }>(
      `/api/oauth/telegram/login?${telegramQuery(widgetFields('9001'))}`,
    );
    expect(login.body).toMatchObject({ success: true, data: { username: 'tgbinder' } });
  });

  it('Telegram: forged, altered and stale data are refused, and an unbound account cannot sign in', async () => {
    const login = (query: string) => new Browser(t.url).get(`/api/oauth/telegram/login?${query}`);
    const forged = await login(telegramQuery(widgetFields('9001'), '999:another-bot'));
    expect(forged.body).toEqual({ success: false, message: expect.stringMatching(/could not be verified/) });

    const altered = telegramQuery(widgetFields('9002')).replace('id=9002', 'id=9001');
    expect((await login(altered)).body.message).toMatch(/could not be verified/);

    const stale = await login(telegramQuery(widgetFields('9001', now() - 2 * 24 * 3600)));
    expect(stale.body).toEqual({ success: false, message: expect.stringMatching(/expired/) });

    const unbound = await login(telegramQuery(widgetFields('9003')));
    expect(unbound.body).toEqual({ success: false, message: expect.stringMatching(/not bound/) });
  });

  it('switched-off WeChat and Telegram refuse, even with valid data', async () => {
    await setOptions(root, { WeChatAuthEnabled: 'false', TelegramOAuthEnabled: 'false' });
    try {
      const wechat = await new Browser(t.url).get(`/api/oauth/wechat?code=${mock.wechatCodeFor('openid-1')}`);
      expect(wechat.body).toEqual({
        success: false,
        message: expect.stringMatching(/disabled by the admin/),
      });
      const telegram = await new Browser(t.url).get(
        `/api/oauth/telegram/login?${telegramQuery(widgetFields('9001'))}`,
      );
      expect(telegram.body).toEqual({
        success: false,
        message: expect.stringMatching(/disabled by the admin/),
      });
    } finally {
      await setOptions(root, { WeChatAuthEnabled: 'true', TelegramOAuthEnabled: 'true' });
    }
  });
});
