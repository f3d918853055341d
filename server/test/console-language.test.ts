import { LogType, USD_DISPLAY, formatQuotaExact, type LogView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, signInAsRoot } from './support/console-client.ts';
import { MockUpstream } from './support/mock-upstream.ts';
import { consumeLogs, seedChannel, seedToken, seedUser, waitFor } from './support/relay-seed.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

/** What the console sends in Chinese, and what a Chinese browser sends (new-api's console passes it on). */
const CONSOLE_ZH = { 'Accept-Language': 'zh' };
const BROWSER_ZH = { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' };
const BROWSER_EN = { 'Accept-Language': 'en-US,en;q=0.9' };

type Page<T> = { items: T[] };

const CHAT_ANSWER = {
  id: 'chatcmpl-language',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'gpt-4.1-nano',
  choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
};

describe.skipIf(databaseUnavailable())("console answers in the console's language", () => {
  let t: TestServer;
  let mock: MockUpstream;
  let root: ConsoleClient;
  let anonymous: ConsoleClient;

  beforeAll(async () => {
    mock = await new MockUpstream().start();
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    anonymous = new ConsoleClient(t.url);
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
  });

  it('a wrong password: Chinese for a Chinese console or browser, the old English otherwise', async () => {
    const wrong = { username: 'root', password: 'not-the-password' };
    const english = 'wrong username or password, or the user has been banned';
    const chinese = '用户名或密码错误，或该用户已被封禁';
    for (const [headers, message] of [
      [CONSOLE_ZH, chinese],
      [BROWSER_ZH, chinese],
      [{}, english],
      [BROWSER_EN, english],
      [{ 'Accept-Language': 'fr-FR' }, english],
    ] as const) {
      const answer = await anonymous.post('/api/user/login', wrong, headers);
      expect(answer.body, JSON.stringify(headers)).toEqual({ success: false, message });
    }
  });

  it('a username that is taken, on registration and when an admin creates the user', async () => {
    const taken = { username: 'taken1', password: 'password123' };
    expect((await root.post('/api/user/', taken)).body.success).toBe(true);
    const chinese = { success: false, message: '用户名已存在' };
    const english = { success: false, message: 'username already exists' };
    expect((await anonymous.post('/api/user/register', taken, CONSOLE_ZH)).body).toEqual(chinese);
    expect((await anonymous.post('/api/user/register', taken)).body).toEqual(english);
    expect((await root.post('/api/user/', taken, CONSOLE_ZH)).body).toEqual(chinese);
    expect((await root.post('/api/user/', taken)).body).toEqual(english);
  });

  it('refused option saves, which change nothing', async () => {
    const retries = { key: 'RetryTimes', value: '11' };
    expect((await root.put('/api/option/', retries, CONSOLE_ZH)).body).toEqual({
      success: false,
      message: '选项 RetryTimes 不能大于 10',
    });
    expect((await root.put('/api/option/', retries)).body).toEqual({
      success: false,
      message: 'option RetryTimes must be at most 10',
    });

    const verification = { key: 'EmailVerificationEnabled', value: 'true' };
    expect((await root.put('/api/option/', verification, CONSOLE_ZH)).body.message).toBe(
      '请先配置 SMTP 服务器，再开启邮箱验证',
    );
    expect((await root.put('/api/option/', verification)).body.message).toBe(
      'configure an SMTP server before enabling e-mail verification',
    );

    const ratios = { key: 'ModelRatio', value: '{"gpt-x": -1}' };
    const zhShape = (await root.put('/api/option/', ratios, CONSOLE_ZH)).body.message;
    expect(zhShape).toMatch(/^选项 ModelRatio 的格式不对（位于 gpt-x）：不能小于 0/);
    expect((await root.put('/api/option/', ratios)).body.message).toMatch(
      /^option ModelRatio has the wrong shape at gpt-x: must be at least 0/,
    );

    const options = (await root.get<{ key: string; value: string }[]>('/api/option/')).body.data!;
    const valueOf = (key: string) => options.find((option) => option.key === key)?.value;
    expect(valueOf('RetryTimes')).toBe('0');
    expect(valueOf('EmailVerificationEnabled')).toBe('false');
    expect(valueOf('ModelRatio')).not.toContain('gpt-x');
  });

  it('input checks, the sign-in guard and HTTP-level refusals', async () => {
    const signedOut = await anonymous.get('/api/user/self', CONSOLE_ZH);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('未登录，且未提供访问令牌');
    expect((await anonymous.get('/api/user/self')).body.message).toBe(
      'not logged in and no access token provided',
    );

    const short = { username: 'shorty', password: 'short' };
    expect((await anonymous.post('/api/user/register', short, CONSOLE_ZH)).body.message).toBe(
      '参数无效：password: 密码至少 8 个字符',
    );
    expect((await anonymous.post('/api/user/register', short)).body.message).toBe(
      'invalid parameter: password: password must be at least 8 characters',
    );
    // A built-in check (no message of the schema's own): our words, never the validator's.
    expect(
      (await root.post('/api/user/', { username: 7, password: 'password123' }, CONSOLE_ZH)).body.message,
    ).toBe('参数无效：username: 应为文本');

    const badJson = await fetch(`${t.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...CONSOLE_ZH },
      body: '{"username":',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ success: false, message: '请求体不是有效的 JSON' });

    const missing = await root.get('/api/no-such-route', CONSOLE_ZH);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('无效的地址（GET /api/no-such-route）');
  });

  it("log rows: details in the reader's language, the stored English for everyone else", async () => {
    mock.reply('/v1/chat/completions', { json: CHAT_ANSWER });
    await seedChannel(t, { baseUrl: mock.url, models: ['gpt-4.1-nano'] });
    const userId = await seedUser(t, 1_000_000);
    const { key } = await seedToken(t, { userId });
    const call = await fetch(`${t.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1-nano', messages: [{ role: 'user', content: 'hello' }] }),
    });
    expect(call.status).toBe(200);
    await waitFor(
      async () => (await consumeLogs(t)).filter((row) => row.user_id === userId),
      (rows) => rows.length === 1,
      'the consumption row',
    );
    const user = (await root.get<{ quota: number }>(`/api/user/${userId}`)).body.data!;
    const edit = await root.put('/api/user/', { id: userId, quota: user.quota + 500 });
    expect(edit.body.success, edit.body.message).toBe(true);

    const rowsIn = async (headers: Record<string, string>) => {
      const page = await root.get<Page<LogView>>(`/api/log/?p=1&page_size=100`, headers);
      const rows = page.body.data!.items;
      return {
        consume: rows.find((row) => row.type === LogType.Consume && row.username.startsWith('u'))!.content,
        manage: rows.find((row) => row.type === LogType.Manage)!.content,
      };
    };
    const english = await rowsIn({});
    const chinese = await rowsIn(CONSOLE_ZH);

    const ratios = /^model ratio ([\d.]+), completion ratio ([\d.]+), group ratio ([\d.]+)$/.exec(
      english.consume,
    );
    expect(ratios, english.consume).not.toBeNull();
    expect(chinese.consume).toBe(`模型倍率 ${ratios![1]}，补全倍率 ${ratios![2]}，分组倍率 ${ratios![3]}`);
    const stored = (await consumeLogs(t)).find((row) => row.user_id === userId)!;
    expect(english.consume).toBe(stored.content);

    // Amounts in the site's display (US dollars by default), the same in both languages.
    const [from, to] = [user.quota, user.quota + 500].map((quota) => formatQuotaExact(quota, USD_DISPLAY));
    expect(to).toMatch(/^\$\d+\.\d{2,8}$/);
    expect(english.manage).toBe(`admin root changed the quota from ${from} to ${to}`);
    expect(chinese.manage).toBe(`管理员 root 将额度从 ${from} 修改为 ${to}`);
  });
});
