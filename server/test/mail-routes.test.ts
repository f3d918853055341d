import { request as httpRequest } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConsoleClient, registerAndLogin, signInAsRoot } from './support/console-client.ts';
import { startMailCatcher, smtpOptionsFor, type MailCatcher } from './support/mail-catcher.ts';
import { databaseUnavailable, startTestServer, type TestServer } from './support/test-server.ts';

const codeIn = (text: string) => /code is: ([0-9a-f]{6})/.exec(text)?.[1];
const resetLinkIn = (text: string) => /(http\S+\/user\/reset\?\S+)/.exec(text)?.[1];

describe.skipIf(databaseUnavailable())('e-mail codes, binding and password reset', () => {
  let t: TestServer;
  let root: ConsoleClient;
  let smtp: MailCatcher;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await startTestServer();
    root = await signInAsRoot(t.url);
    for (const [key, value] of Object.entries({
      ...smtpOptionsFor(smtp),
      SystemName: 'Mail Test Site',
      ServerAddress: 'https://console.example.com',
    })) {
      await setOption(key, value);
    }
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function setOption(key: string, value: string): Promise<void> {
    const answer = await root.put('/api/option/', { key, value });
    expect(answer.body, `PUT ${key}: ${answer.body.message}`).toMatchObject({ success: true });
  }

  const anonymous = () => new ConsoleClient(t.url);
  const askCode = (email: string, client = anonymous()) =>
    client.get(`/api/verification?${new URLSearchParams({ email, turnstile: '' })}`);

  it('registers with a mailed code when e-mail verification is on, and refuses without it', async () => {
    await setOption('EmailVerificationEnabled', 'true');
    try {
      const sent = await askCode('new.user@example.com');
      expect(sent.body).toEqual({ success: true, message: '' });
      const mail = await smtp.next('new.user@example.com');
      expect(mail.subject).toBe('Mail Test Site e-mail verification');
      expect(mail.from).toBe('gateway@relaygate.test');
      const code = codeIn(mail.text);
      expect(code, mail.text).toBeDefined();

      const base = { username: 'mailuser', password: 'password123', email: 'new.user@example.com' };
      const wrong = await anonymous().post('/api/user/register', { ...base, verification_code: 'ffffff' });
      expect(wrong.body).toMatchObject({ success: false, message: expect.stringMatching(/incorrect/) });
      const none = await anonymous().post('/api/user/register', base);
      expect(none.body.success).toBe(false);

      const ok = await anonymous().post('/api/user/register', { ...base, verification_code: code });
      expect(ok.body, ok.body.message).toMatchObject({ success: true });
      const client = new ConsoleClient(t.url);
      await client.login('mailuser', 'password123');
      const self = await client.get<{ email: string }>('/api/user/self');
      expect(self.body.data?.email).toBe('new.user@example.com');
      // The code was used up.
      const again = await anonymous().post('/api/user/register', {
        ...base,
        username: 'mailuser2',
        verification_code: code,
      });
      expect(again.body.success).toBe(false);
    } finally {
      await setOption('EmailVerificationEnabled', 'false');
    }
  });

  it('refuses a code for an address already in use, and mails nothing', async () => {
    await registerAndLogin(t.url, 'taken1', 'password123', { email: 'taken@example.com' });
    const answer = await askCode('taken@example.com');
    expect(answer.body).toMatchObject({ success: false, message: expect.stringMatching(/already in use/) });
    expect(smtp.to('taken@example.com')).toHaveLength(0);
  });

  it('refuses a bad address with a message, never a 500', async () => {
    for (const email of ['', 'not-an-address', 'a@b@c']) {
      const answer = await askCode(email);
      expect(answer.status, email).toBe(200);
      expect(answer.body.success, email).toBe(false);
    }
  });

  it('with the domain restriction, codes go only to whitelisted domains', async () => {
    await setOption('EmailDomainWhitelist', 'allowed.example');
    await setOption('EmailDomainRestrictionEnabled', 'true');
    try {
      const refused = await askCode('someone@other.example');
      expect(refused.body).toMatchObject({ success: false, message: expect.stringMatching(/domain/) });
      const allowed = await askCode('someone@allowed.example');
      expect(allowed.body, allowed.body.message).toMatchObject({ success: true });
      await smtp.next('someone@allowed.example');
      expect(smtp.to('someone@other.example')).toHaveLength(0);
    } finally {
      await setOption('EmailDomainRestrictionEnabled', 'false');
    }
  });

  it('with the alias restriction, refuses addresses with + or . before the @', async () => {
    await setOption('EmailAliasRestrictionEnabled', 'true');
    try {
      for (const email of ['me+tag@example.com', 'first.last@example.com']) {
        const answer = await askCode(email);
        expect(answer.body, email).toMatchObject({
          success: false,
          message: expect.stringMatching(/aliases/),
        });
      }
      expect((await askCode('plainalias@example.com')).body).toMatchObject({ success: true });
      await smtp.next('plainalias@example.com');
    } finally {
      await setOption('EmailAliasRestrictionEnabled', 'false');
    }
  });

  it('mails one code per address per 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const first = await askCode('lock@example.com');
    expect(first.body).toMatchObject({ success: true });
    const second = await askCode('lock@example.com');
    expect(second.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/try again in \d+ seconds/),
    });
    // Another address is not locked by this one.
    expect((await askCode('other-lock@example.com')).body).toMatchObject({ success: true });
    vi.setSystemTime(Date.now() + 29_000);
    expect((await askCode('lock@example.com')).body.success).toBe(false);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await askCode('lock@example.com')).body).toMatchObject({ success: true });
    expect((await smtp.next('lock@example.com')).subject).toMatch(/verification/);
    expect((await smtp.next('lock@example.com')).subject).toMatch(/verification/);
    expect(smtp.to('lock@example.com')).toHaveLength(2);
  });

  it('binds an e-mail address to the signed-in user with its code', async () => {
    const user = await registerAndLogin(t.url, 'binder');
    expect((await askCode('bind.me@example.com', user)).body).toMatchObject({ success: true });
    const code = codeIn((await smtp.next('bind.me@example.com')).text)!;
    const wrong = await user.get(`/api/oauth/email/bind?email=bind.me@example.com&code=000000`);
    expect(wrong.body.success).toBe(false);
    const bound = await user.get(`/api/oauth/email/bind?email=bind.me@example.com&code=${code}`);
    expect(bound.body, bound.body.message).toMatchObject({ success: true });
    const self = await user.get<{ email: string }>('/api/user/self');
    expect(self.body.data?.email).toBe('bind.me@example.com');
    // Signed out, binding is refused.
    const anon = await anonymous().get(`/api/oauth/email/bind?email=x@example.com&code=123456`);
    expect(anon.status).toBe(401);
  });

  it('resets a password through the mailed link: single use, old sessions end, the new password works', async () => {
    const user = await registerAndLogin(t.url, 'forgetful', 'old-password', {
      email: 'forgetful@example.com',
    });
    const asked = await anonymous().get('/api/reset_password?email=forgetful@example.com&turnstile=');
    expect(asked.body).toEqual({ success: true, message: '' });
    const mail = await smtp.next('forgetful@example.com');
    expect(mail.subject).toBe('Mail Test Site password reset');
    const link = new URL(resetLinkIn(mail.text)!);
    expect(link.origin + link.pathname).toBe('https://console.example.com/user/reset');
    const email = link.searchParams.get('email');
    const token = link.searchParams.get('token');
    expect(email).toBe('forgetful@example.com');
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    const reset = await anonymous().post<string>('/api/user/reset', { email, token });
    expect(reset.body, reset.body.message).toMatchObject({ success: true });
    const password = reset.body.data!;
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);

    expect((await user.get('/api/user/self')).status).toBe(401);
    const oldLogin = await anonymous().post('/api/user/login', {
      username: 'forgetful',
      password: 'old-password',
    });
    expect(oldLogin.body.success).toBe(false);
    await new ConsoleClient(t.url).login('forgetful', password);

    const reused = await anonymous().post('/api/user/reset', { email, token });
    expect(reused.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/invalid or has expired/),
    });
  });

  /** A reset request naming another site in its Host header, as a forger would send it. */
  const askResetAsHost = (email: string, host: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`/api/reset_password?${new URLSearchParams({ email })}`, t.url);
      const sent = httpRequest(url, { headers: { host } }, (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (body += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
      });
      sent.on('error', reject);
      sent.end();
    });

  it("puts the site's own address in reset links, never the Host a request names, and refuses without one", async () => {
    await registerAndLogin(t.url, 'hosted', 'password123', { email: 'hosted@example.com' });
    const forged = await askResetAsHost('hosted@example.com', 'evil.example');
    expect(forged.status).toBe(200);
    const link = new URL(resetLinkIn((await smtp.next('hosted@example.com')).text)!);
    expect(link.origin).toBe('https://console.example.com');

    await setOption('ServerAddress', '');
    try {
      const refused = await askResetAsHost('hosted2@example.com', 'evil.example');
      expect(JSON.parse(refused.body)).toMatchObject({
        success: false,
        message: expect.stringMatching(/server address/),
      });
    } finally {
      await setOption('ServerAddress', 'https://console.example.com');
    }
    expect(smtp.to('hosted2@example.com')).toHaveLength(0);
  });

  it('answers a reset request for an unknown address exactly as for a known one, and mails nothing', async () => {
    const unknown = await anonymous().get('/api/reset_password?email=nobody@example.com&turnstile=');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ success: true, message: '' });
    const forged = await anonymous().post('/api/user/reset', {
      email: 'nobody@example.com',
      token: 'f'.repeat(32),
    });
    expect(forged.body.success).toBe(false);
    // A later mail to a known address arrives, and none ever went to the unknown one.
    await registerAndLogin(t.url, 'known1', 'password123', { email: 'known1@example.com' });
    await anonymous().get('/api/reset_password?email=known1@example.com');
    await smtp.next('known1@example.com');
    expect(smtp.to('nobody@example.com')).toHaveLength(0);
  });

  it('root sends a test mail and sees the SMTP server refusal when there is one', async () => {
    const sent = await root.post('/api/option/test_smtp', { to: 'ops@example.com' });
    expect(sent.body, sent.body.message).toMatchObject({ success: true, data: 'ops@example.com' });
    expect((await smtp.next('ops@example.com')).subject).toBe('Mail Test Site test mail');

    const user = await registerAndLogin(t.url, 'notroot1');
    expect((await user.post('/api/option/test_smtp', { to: 'ops@example.com' })).body.success).toBe(false);

    await setOption('SMTPPort', '1');
    try {
      const failed = await root.post('/api/option/test_smtp', { to: 'ops@example.com' });
      expect(failed.body).toMatchObject({
        success: false,
        message: expect.stringMatching(/could not be sent/),
      });
    } finally {
      await setOption('SMTPPort', String(smtp.port));
    }
  });
});
