import type { UserView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, ROOT, signInAsRoot } from '../support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const PASSWORD = 'password123';

describe.skipIf(databaseUnavailable())('POST /api/user/register', () => {
  let t: TestServer;
  let root: ConsoleClient;

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  const register = (body: unknown) => new ConsoleClient(t.url).post('/api/user/register', body);

  async function setOption(key: string, value: string): Promise<void> {
    const answer = await root.put('/api/option/', { key, value });
    expect(answer.body, `PUT ${key}=${value}: ${answer.body.message}`).toMatchObject({ success: true });
  }

  /** Registers, expecting success, then signs in and returns the client and its own view. */
  async function registered(username: string, extra: Record<string, unknown> = {}) {
    const password = typeof extra.password === 'string' ? extra.password : PASSWORD;
    const answer = await register({ username, password, ...extra });
    expect(answer.body, `register ${username}: ${answer.body.message}`).toEqual({
      success: true,
      message: '',
    });
    const client = new ConsoleClient(t.url);
    await client.login(username, password);
    return { client, self: await selfOf(client) };
  }

  async function selfOf(client: ConsoleClient): Promise<UserView> {
    const answer = await client.get<UserView>('/api/user/self');
    expect(answer.body.success, answer.body.message).toBe(true);
    return answer.body.data!;
  }

  /** Expects a business refusal (HTTP 200, success:false) and that no such user can log in. */
  async function refusedRegistration(body: Record<string, unknown>, message: RegExp): Promise<void> {
    const answer = await register(body);
    expect(answer.status).toBe(200);
    expect(answer.body, JSON.stringify(body)).toEqual({
      success: false,
      message: expect.stringMatching(message),
    });
    if (typeof body.username === 'string' && body.username !== '' && typeof body.password === 'string') {
      const login = await new ConsoleClient(t.url).post('/api/user/login', {
        username: body.username,
        password: body.password,
      });
      expect(login.body.success).toBe(false);
    }
  }

  describe('input rules', () => {
    it('password must be 8 to 20 characters', async () => {
      await refusedRegistration({ username: 'pwshort', password: '1234567' }, /password.*at least 8/);
      await refusedRegistration({ username: 'pwlong', password: 'x'.repeat(21) }, /password.*at most 20/);
      await refusedRegistration({ username: 'pwnone' }, /password/);
      await registered('pw8', { password: '12345678' });
      await registered('pw20', { password: 'y'.repeat(20) });
    });

    it('username must be 1 to 12 characters without spaces', async () => {
      await refusedRegistration({ username: '', password: PASSWORD }, /username/);
      await refusedRegistration({ username: '   ', password: PASSWORD }, /username/);
      await refusedRegistration({ password: PASSWORD }, /username/);
      await refusedRegistration({ username: 'a'.repeat(13), password: PASSWORD }, /username.*at most 12/);
      await refusedRegistration({ username: 'has space', password: PASSWORD }, /username.*spaces/);
      await refusedRegistration({ username: 'tab\there', password: PASSWORD }, /username/);
      await refusedRegistration({ username: 'new\nline', password: PASSWORD }, /username/);
      const { self } = await registered('b'.repeat(12));
      expect(self.username).toBe('b'.repeat(12));
    });

    it('password2, when sent, must match the password', async () => {
      await refusedRegistration(
        { username: 'mismatch', password: PASSWORD, password2: 'password124' },
        /passwords do not match/,
      );
      const { self } = await registered('matched', { password2: PASSWORD });
      expect(self.username).toBe('matched');
    });

    it('a new user is a common, enabled user in the default group whose display name is the username', async () => {
      const { self } = await registered('plain1');
      expect(self).toMatchObject({
        username: 'plain1',
        display_name: 'plain1',
        role: 1,
        status: 1,
        group: 'default',
        inviter_id: 0,
        password: '',
      });
      expect(self.aff_code).toMatch(/^[A-Za-z0-9]{4,}$/);
    });

    it('ignores a role sent by the caller', async () => {
      const { self } = await registered('sneaky', { role: 100, quota: 999999, group: 'vip' });
      expect(self.role).toBe(1);
      expect(self.quota).toBe(0);
      expect(self.group).toBe('default');
    });
  });

  describe('duplicates', () => {
    it('refuses a username that already exists', async () => {
      await registered('dup1');
      await refusedRegistration({ username: 'dup1', password: 'another-pass' }, /username already exists/);
      await refusedRegistration({ username: 'root', password: 'another-pass' }, /username already exists/);
    });

    it('refuses the username of a soft-deleted user', async () => {
      const { client } = await registered('gone1');
      const deleted = await root.post('/api/user/manage', { id: client.userId, action: 'delete' });
      expect(deleted.body.success, deleted.body.message).toBe(true);
      await refusedRegistration({ username: 'gone1', password: 'fresh-pass-1' }, /username already exists/);
    });

    it('lets exactly one of 10 concurrent registrations of the same username succeed', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => register({ username: 'racer', password: `password-${i}` })),
      );
      for (const answer of answers) expect(answer.status).toBe(200);
      const winners = answers.filter((a) => a.body.success);
      expect(winners).toHaveLength(1);
      for (const loser of answers.filter((a) => !a.body.success)) {
        expect(loser.body.message).toMatch(/username already exists/);
      }
      const winnerIndex = answers.findIndex((a) => a.body.success);
      await new ConsoleClient(t.url).login('racer', `password-${winnerIndex}`);
    });
  });

  describe('switches', () => {
    it('RegisterEnabled=false refuses every registration with a clear message', async () => {
      await setOption('RegisterEnabled', 'false');
      try {
        await refusedRegistration(
          { username: 'closed1', password: PASSWORD },
          /registration has been disabled/,
        );
      } finally {
        await setOption('RegisterEnabled', 'true');
      }
      await registered('closed1');
    });

    it('PasswordRegisterEnabled=false refuses password registration', async () => {
      await setOption('PasswordRegisterEnabled', 'false');
      try {
        await refusedRegistration(
          { username: 'nopw1', password: PASSWORD },
          /registration with a password has been disabled/,
        );
      } finally {
        await setOption('PasswordRegisterEnabled', 'true');
      }
      await registered('nopw1');
    });
  });

  describe('quota and invitations', () => {
    it('credits QuotaForNewUser', async () => {
      await setOption('QuotaForNewUser', '5000');
      try {
        const { self } = await registered('gifted1');
        expect(self.quota).toBe(5000);
      } finally {
        await setOption('QuotaForNewUser', '0');
      }
      const { self } = await registered('ungifted1');
      expect(self.quota).toBe(0);
    });

    it('an aff_code rewards the invitee and records the invitation on the inviter', async () => {
      await setOption('QuotaForNewUser', '1000');
      await setOption('QuotaForInviter', '300');
      await setOption('QuotaForInvitee', '200');
      try {
        const inviter = await registered('inviter1');
        expect(inviter.self.quota).toBe(1000);
        const affAnswer = await inviter.client.get<string>('/api/user/aff');
        expect(affAnswer.body.success).toBe(true);
        const affCode = affAnswer.body.data!;
        expect(affCode).toBe(inviter.self.aff_code);

        const invitee = await registered('invitee1', { aff_code: affCode });
        expect(invitee.self.quota).toBe(1200);
        expect(invitee.self.inviter_id).toBe(inviter.self.id);

        let after = await selfOf(inviter.client);
        expect(after.aff_count).toBe(1);
        expect(after.aff_quota).toBe(300);
        expect(after.aff_history_quota).toBe(300);
        expect(after.quota).toBe(1000);

        await registered('invitee2', { aff_code: affCode });
        after = await selfOf(inviter.client);
        expect(after.aff_count).toBe(2);
        expect(after.aff_quota).toBe(600);
        expect(after.aff_history_quota).toBe(600);
      } finally {
        await setOption('QuotaForNewUser', '0');
        await setOption('QuotaForInviter', '0');
        await setOption('QuotaForInvitee', '0');
      }
    });

    it('ignores the aff_code of a deleted user', async () => {
      await setOption('QuotaForInvitee', '200');
      try {
        const gone = await registered('affgone');
        const deleted = await root.post('/api/user/manage', { id: gone.self.id, action: 'delete' });
        expect(deleted.body.success, deleted.body.message).toBe(true);
        const { self } = await registered('affgone2', { aff_code: gone.self.aff_code });
        expect(self.quota).toBe(0);
        expect(self.inviter_id).toBe(0);
      } finally {
        await setOption('QuotaForInvitee', '0');
      }
    });

    it('ignores an unknown aff_code', async () => {
      await setOption('QuotaForNewUser', '1000');
      await setOption('QuotaForInvitee', '200');
      try {
        const { self } = await registered('noinvite1', { aff_code: 'NOSUCH' });
        expect(self.quota).toBe(1000);
        expect(self.inviter_id).toBe(0);
        const empty = await registered('noinvite2', { aff_code: '' });
        expect(empty.self.quota).toBe(1000);
        expect(empty.self.inviter_id).toBe(0);
      } finally {
        await setOption('QuotaForNewUser', '0');
        await setOption('QuotaForInvitee', '0');
      }
    });
  });

  describe('e-mail', () => {
    it('EmailVerificationEnabled needs an SMTP server, then requires an e-mail and its code', async () => {
      const before = await root.put('/api/option/', { key: 'EmailVerificationEnabled', value: 'true' });
      expect(before.body).toEqual({ success: false, message: expect.stringMatching(/SMTP server/) });
      await setOption('SMTPServer', 'smtp.example.com');
      await setOption('EmailVerificationEnabled', 'true');
      try {
        const status = await new ConsoleClient(t.url).get<{ email_verification: boolean }>('/api/status');
        expect(status.body.data?.email_verification).toBe(true);

        await refusedRegistration(
          { username: 'mail1', password: PASSWORD },
          /e-mail and verification code are required/,
        );
        await refusedRegistration(
          { username: 'mail1', password: PASSWORD, email: 'mail1@example.com' },
          /verification code are required/,
        );
        await refusedRegistration(
          { username: 'mail1', password: PASSWORD, email: 'mail1@example.com', verification_code: 'zzzzzz' },
          /verification code is incorrect/,
        );
        // There is no mail server in the test: take the code the server would have sent.
        const code = await t.server.app.verificationCodes.issue('register', 'mail1@example.com');
        await refusedRegistration(
          { username: 'mail1', password: PASSWORD, email: 'other@example.com', verification_code: code },
          /verification code is incorrect/,
        );
        const { self } = await registered('mail1', { email: 'mail1@example.com', verification_code: code });
        expect(self.email).toBe('mail1@example.com');
        // A code works once.
        await refusedRegistration(
          { username: 'mail2', password: PASSWORD, email: 'mail1@example.com', verification_code: code },
          /verification code is incorrect/,
        );
      } finally {
        await setOption('EmailVerificationEnabled', 'false');
      }
      await registered('mail2');
    });

    it('refuses an invalid e-mail address and an address already in use', async () => {
      await refusedRegistration(
        { username: 'badmail', password: PASSWORD, email: 'not-an-address' },
        /e-mail/,
      );
      await registered('mailown', { email: 'owner@example.com' });
      await refusedRegistration(
        { username: 'mailcopy', password: PASSWORD, email: 'owner@example.com' },
        /e-mail address already in use/,
      );
    });

    it('EmailDomainRestrictionEnabled accepts only whitelisted domains', async () => {
      await setOption('EmailDomainWhitelist', 'example.org,corp.test');
      await setOption('EmailDomainRestrictionEnabled', 'true');
      try {
        await refusedRegistration(
          { username: 'dom1', password: PASSWORD, email: 'dom1@gmail.com' },
          /domain/,
        );
        await refusedRegistration(
          { username: 'dom1', password: PASSWORD, email: 'dom1@evil.example.org' },
          /domain/,
        );
        await refusedRegistration(
          { username: 'dom1', password: PASSWORD, email: 'dom1@example.org.evil.com' },
          /domain/,
        );
        const { self } = await registered('dom1', { email: 'dom1@example.org' });
        expect(self.email).toBe('dom1@example.org');
        await registered('dom2', { email: 'dom2@CORP.test' });
      } finally {
        await setOption('EmailDomainRestrictionEnabled', 'false');
      }
      await registered('dom3', { email: 'dom3@gmail.com' });
    });
  });

  describe('hostile input', () => {
    it('stores injection strings literally or refuses them, never a 500', async () => {
      const candidates = [
        "admin'--",
        "1'or'1'='1",
        '";DROP--',
        "');--",
        '<script>',
        '${7*7}',
        '{{7*7}}',
        '%27%20OR',
        'a\\b\\c',
        '`id`',
        '名前テスト',
        '😀😀😀',
        "' OR 1=1 --",
        "x';DROP TABLE users;--",
        'zero\u200bwidth',
      ];
      for (const username of candidates) {
        const answer = await register({ username, password: PASSWORD });
        expect(answer.status, username).toBe(200);
        if (answer.body.success) {
          const client = new ConsoleClient(t.url);
          await client.login(username, PASSWORD);
          expect((await selfOf(client)).username, username).toBe(username);
        } else {
          expect(answer.body.message, username).toMatch(/invalid parameter: username/);
        }
      }
      // A NUL character is refused with a 400 before parsing, for every route (see http/json-body.ts).
      const nul = await register({ username: 'nul\u0000byte', password: PASSWORD });
      expect(nul.status).toBe(400);
      expect(nul.body.message).toMatch(/NUL character/);
      // The users table survived.
      const check = new ConsoleClient(t.url);
      await check.login(ROOT.username, ROOT.password);
      await new ConsoleClient(t.url).login('dup1', PASSWORD);
    });

    it('refuses fields of the wrong type without a 500', async () => {
      for (const body of [
        { username: 123, password: PASSWORD },
        { username: ['arr'], password: PASSWORD },
        { username: 'typed1', password: 12345678 },
        { username: { $ne: null }, password: PASSWORD },
        { username: 'typed2', password: PASSWORD, aff_code: 42 },
        { username: 'typed3', password: PASSWORD, email: ['x@example.com'] },
      ]) {
        const answer = await register(body);
        expect(answer.status, JSON.stringify(body)).toBe(200);
        expect(answer.body.success, JSON.stringify(body)).toBe(false);
      }
      for (const body of ['[]', 'null', '"text"', '42']) {
        const answer = await register(body);
        expect(answer.status, body).toBeLessThan(500);
        expect(answer.body.success, body).toBe(false);
      }
    });

    it('answers a malformed JSON body with HTTP 400 and success:false', async () => {
      const answer = await register('{"username": "broken1", "password": ');
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toMatch(/not valid JSON/);
      const login = await new ConsoleClient(t.url).post('/api/user/login', {
        username: 'broken1',
        password: PASSWORD,
      });
      expect(login.body.success).toBe(false);
    });
  });
});
