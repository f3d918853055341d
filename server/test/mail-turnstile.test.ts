import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, ROOT, signInAsRoot } from './support/console-client.ts';
import { startMailCatcher, smtpOptionsFor, type MailCatcher } from './support/mail-catcher.ts';
import { startMockTurnstile, type MockTurnstile } from './support/mock-turnstile.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const SECRET = 'turnstile-secret';
const GOOD = 'good-widget-token';

describe.skipIf(databaseUnavailable())('Turnstile on login, register, e-mail codes and reset', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let smtp: MailCatcher;
  let turnstile: MockTurnstile;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    turnstile = await startMockTurnstile(SECRET, GOOD);
    t = await startTestServer({ TURNSTILE_VERIFY_URL: turnstile.url });
    root = await signInAsRoot(t.url);
    const options = {
      ...smtpOptionsFor(smtp),
      TurnstileSiteKey: 'site-key',
      TurnstileSecretKey: SECRET,
      TurnstileCheckEnabled: 'true',
      ServerAddress: 'https://console.example.com',
    };
    for (const [key, value] of Object.entries(options)) {
      const answer = await root.put('/api/option/', { key, value });
      expect(answer.body, key).toMatchObject({ success: true });
    }
  });
  afterAll(async () => {
    await t?.close();
    await turnstile?.close();
    await smtp?.close();
  });

  const anon = () => new ConsoleClient(t.url);
  const calls: [
    string,
    (token: string) => Promise<{ status: number; body: { success: boolean; message: string } }>,
  ][] = [
    ['login', (token) => anon().post(`/api/user/login?turnstile=${token}`, ROOT)],
    [
      'register',
      (token) =>
        anon().post(`/api/user/register?turnstile=${token}`, {
          username: `ts${token.length}`,
          password: 'password123',
        }),
    ],
    ['verification', (token) => anon().get(`/api/verification?email=ts-code@example.com&turnstile=${token}`)],
    ['reset', (token) => anon().get(`/api/reset_password?email=ts-reset@example.com&turnstile=${token}`)],
  ];

  it.each(calls)('%s: an empty token is refused before anything else happens', async (_name, call) => {
    const before = turnstile.calls.length;
    const answer = await call('');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/bot-check token is empty/),
    });
    expect(turnstile.calls.length).toBe(before);
  });

  it.each(calls)('%s: a token the provider rejects is refused', async (_name, call) => {
    const answer = await call('forged-token');
    expect(answer.body).toMatchObject({ success: false, message: expect.stringMatching(/bot check failed/) });
    expect(turnstile.calls.at(-1)).toMatchObject({
      secret: SECRET,
      response: 'forged-token',
      remoteip: '127.0.0.1',
    });
  });

  it.each(calls)('%s: a good token passes', async (_name, call) => {
    const answer = await call(GOOD);
    expect(answer.body, answer.body.message).toMatchObject({ success: true });
  });

  it('a signed-in user asking for a binding code is not checked again', async () => {
    const user = anon();
    const registered = await user.post(`/api/user/register?turnstile=${GOOD}`, {
      username: 'tsbinder',
      password: 'password123',
    });
    expect(registered.body, registered.body.message).toMatchObject({ success: true });
    const login = await user.post<{ id: number }>(`/api/user/login?turnstile=${GOOD}`, {
      username: 'tsbinder',
      password: 'password123',
    });
    user.userId = login.body.data!.id;
    const before = turnstile.calls.length;
    const answer = await user.get('/api/verification?email=ts-bind@example.com');
    expect(answer.body, answer.body.message).toMatchObject({ success: true });
    expect(turnstile.calls.length).toBe(before);
    await smtp.next('ts-bind@example.com');
  });

  it('the refusal is in Chinese for a Chinese console', async () => {
    const answer = await anon().post('/api/user/login?turnstile=', ROOT, { 'accept-language': 'zh-CN' });
    expect(answer.body.message).toMatch(/Turnstile token 为空/);
  });

  it('an unreachable provider fails the check, never passes it', async () => {
    await turnstile.close();
    const answer = await anon().post(`/api/user/login?turnstile=${GOOD}`, ROOT);
    expect(answer.body).toMatchObject({ success: false, message: expect.stringMatching(/bot check failed/) });
  });
});

describe.skipIf(databaseUnavailable())('address limits on e-mail codes and password reset', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ CRITICAL_RATE_LIMIT: '3', CRITICAL_RATE_LIMIT_DURATION: '1200' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['verification', '/api/verification?email=limit@example.com', 'GET'],
    ['reset request', '/api/reset_password?email=limit@example.com', 'GET'],
    ['reset confirmation', '/api/user/reset', 'POST'],
  ])('%s: past the limit the address gets 429 with the spec message', async (_name, path, method) => {
    // Each case runs on a fresh limiter window: the restart empties this process's counters.
    await t.restart();
    const client = new ConsoleClient(t.url);
    const call = () =>
      method === 'GET' ? client.get(path) : client.post(path, { email: 'limit@example.com', token: 'x' });
    for (let i = 0; i < 3; i++) expect((await call()).status).toBe(200);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: 'too many requests, try again later' });
  });
});
