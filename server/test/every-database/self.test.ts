import type { UserSetting, UserView } from '@relaygate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsoleClient,
  ROOT,
  registerAndLogin,
  type Answer,
  signInAsRoot,
} from '../support/console-client.ts';
import { databaseUnavailable, startTestServer, type TestServer } from '../support/test-server.ts';

const PASSWORD = 'password123';
const QUOTA_PER_UNIT = 500_000;

describe.skipIf(databaseUnavailable())('the signed-in user: self, invites and settings', () => {
  let t: TestServer;
  let root: ConsoleClient;

  const db = () => t.server.store.db;

  async function usersSnapshot() {
    return db().selectFrom('users').selectAll().orderBy('id').execute();
  }
  async function row(id: number) {
    return db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
  async function canLogin(username: string, password = PASSWORD): Promise<boolean> {
    return (await new ConsoleClient(t.url).post('/api/user/login', { username, password })).body.success;
  }
  async function secondSession(username: string, password = PASSWORD): Promise<ConsoleClient> {
    const client = new ConsoleClient(t.url);
    await client.login(username, password);
    return client;
  }
  async function self(client: ConsoleClient): Promise<UserView> {
    const answer = await client.get<UserView>('/api/user/self');
    expect(answer.body.success, answer.body.message).toBe(true);
    return answer.body.data!;
  }
  async function setOption(key: string, value: string): Promise<void> {
    const answer = await root.put('/api/option/', { key, value });
    expect(answer.body, `${key}=${value}`).toMatchObject({ success: true });
  }
  /** Runs a request that must be refused, and checks that no user row changed. */
  async function refusedWithoutChange(run: () => Promise<Answer>, message?: RegExp): Promise<Answer> {
    const before = await usersSnapshot();
    const answer = await run();
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(false);
    if (message) expect(answer.body.message).toMatch(message);
    expect(await usersSnapshot()).toEqual(before);
    return answer;
  }

  beforeAll(async () => {
    t = await startTestServer();
    root = await signInAsRoot(t.url);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/user/self', () => {
    it('answers the signed-in user without secrets', async () => {
      const user = await registerAndLogin(t.url, 'selfview');
      const me = await self(user);
      expect(me).toMatchObject({
        id: user.userId,
        username: 'selfview',
        display_name: 'selfview',
        role: 1,
        status: 1,
        group: 'default',
        password: '',
        DeletedAt: null,
      });
      expect(me.aff_code).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(me).not.toHaveProperty('access_token');
      expect(JSON.stringify(me)).not.toContain('$2');
    });
  });

  describe('PUT /api/user/self', () => {
    it('changes the display name; an empty one falls back to the username', async () => {
      const user = await registerAndLogin(t.url, 'dispname');
      expect((await user.put('/api/user/self', { display_name: 'Shown Name' })).body.success).toBe(true);
      expect((await self(user)).display_name).toBe('Shown Name');
      expect((await user.put('/api/user/self', { display_name: '' })).body.success).toBe(true);
      expect((await self(user)).display_name).toBe('dispname');
      await refusedWithoutChange(
        () => user.put('/api/user/self', { display_name: 'x'.repeat(21) }),
        /at most 20/,
      );
      await refusedWithoutChange(() => user.put('/api/user/self', { display_name: 42 }), /invalid parameter/);
    });

    it('changes the username, keeping usernames unique', async () => {
      const user = await registerAndLogin(t.url, 'oldname');
      const other = await registerAndLogin(t.url, 'takenname');
      expect((await other.delete('/api/user/self')).body.success).toBe(true);

      await refusedWithoutChange(
        () => user.put('/api/user/self', { username: 'root' }),
        /username already exists/,
      );
      // A deleted user's name stays taken.
      await refusedWithoutChange(
        () => user.put('/api/user/self', { username: 'takenname' }),
        /username already exists/,
      );
      for (const username of ['n'.repeat(13), 'has space', '', "x' OR '1'='1", 123]) {
        await refusedWithoutChange(() => user.put('/api/user/self', { username }), /invalid parameter/);
      }
      expect((await user.put('/api/user/self', { username: 'newname' })).body.success).toBe(true);
      expect((await self(user)).username).toBe('newname');
      expect(await canLogin('newname')).toBe(true);
      expect(await canLogin('oldname')).toBe(false);
      // Keeping one's own name is not a clash.
      expect((await user.put('/api/user/self', { username: 'newname' })).body.success).toBe(true);
    });

    it('a password change ends the other sessions, keeps this one, and swaps which password works', async () => {
      const current = await registerAndLogin(t.url, 'pwchange');
      const other = await secondSession('pwchange');
      expect((await other.get('/api/user/self')).body.success).toBe(true);

      const answer = await current.put('/api/user/self', {
        password: 'brandnew123',
        original_password: PASSWORD,
      });
      expect(answer.body).toMatchObject({ success: true });
      expect((await current.get('/api/user/self')).body.success).toBe(true);
      expect((await other.get('/api/user/self')).status).toBe(401);
      expect(await canLogin('pwchange')).toBe(false);
      expect(await canLogin('pwchange', 'brandnew123')).toBe(true);
    });

    it('a wrong original_password is refused and the password stays', async () => {
      const user = await registerAndLogin(t.url, 'pwwrong');
      const other = await secondSession('pwwrong');
      await refusedWithoutChange(
        () => user.put('/api/user/self', { password: 'brandnew123', original_password: 'not-my-password' }),
        /current password is wrong/,
      );
      expect(await canLogin('pwwrong')).toBe(true);
      expect(await canLogin('pwwrong', 'brandnew123')).toBe(false);
      expect((await other.get('/api/user/self')).body.success).toBe(true);
    });

    it('a new password must be 8 to 20 characters', async () => {
      const user = await registerAndLogin(t.url, 'pwrules');
      for (const password of ['1234567', 'x'.repeat(21), 12345678]) {
        await refusedWithoutChange(
          () => user.put('/api/user/self', { password, original_password: PASSWORD }),
          /invalid parameter/,
        );
      }
      expect(await canLogin('pwrules')).toBe(true);
    });

    it('cannot raise its own role, quota or group', async () => {
      const user = await registerAndLogin(t.url, 'sneaky');
      const id = user.userId!;
      const before = await row(id);
      const answer = await user.put('/api/user/self', {
        display_name: 'Sneaky',
        role: 100,
        quota: 999_999_999,
        group: 'vip',
        status: 1,
        aff_quota: 999_999_999,
      });
      expect(answer.body.success).toBe(true);
      const after = await row(id);
      expect(after).toMatchObject({
        role: before.role,
        quota: before.quota,
        group: before.group,
        aff_quota: before.aff_quota,
        display_name: 'Sneaky',
      });
      expect((await user.get('/api/user/')).body.success).toBe(false);
    });

    it('bad bodies are refused', async () => {
      const user = await registerAndLogin(t.url, 'badself');
      await refusedWithoutChange(() => user.put('/api/user/self', '{"username":'), /not valid JSON/);
      await refusedWithoutChange(() => user.put('/api/user/self', ['x']), /invalid parameter/);
    });
  });

  describe('DELETE /api/user/self', () => {
    it('root cannot delete itself', async () => {
      await refusedWithoutChange(() => root.delete('/api/user/self'), /cannot be deleted/);
      expect((await root.get('/api/user/self')).body.success).toBe(true);
      expect(await canLogin(ROOT.username, ROOT.password)).toBe(true);
    });

    it('a deleted user is soft-deleted, loses every session and cannot log in', async () => {
      const user = await registerAndLogin(t.url, 'leaving');
      const other = await secondSession('leaving');
      const id = user.userId!;
      const answer = await user.delete('/api/user/self');
      expect(answer.body).toMatchObject({ success: true });
      expect(user.cookie).toBe('');

      const kept = await row(id);
      expect(kept.username).toBe('leaving');
      expect(Number(kept.deleted_at)).toBeGreaterThan(0);
      expect((await other.get('/api/user/self')).status).toBe(401);
      expect(await canLogin('leaving')).toBe(false);
      const again = await new ConsoleClient(t.url).post('/api/user/register', {
        username: 'leaving',
        password: PASSWORD,
      });
      expect(again.body).toEqual({ success: false, message: 'username already exists' });
    });
  });

  describe('invites', () => {
    it('GET /api/user/aff answers the same code on repeat, creating one when missing', async () => {
      const user = await registerAndLogin(t.url, 'affcode');
      const first = await user.get<string>('/api/user/aff');
      expect(first.body.success).toBe(true);
      expect(first.body.data).toMatch(/^[A-Za-z0-9]{6}$/);
      expect((await user.get<string>('/api/user/aff')).body.data).toBe(first.body.data);
      expect((await row(user.userId!)).aff_code).toBe(first.body.data);

      await db().updateTable('users').set({ aff_code: null }).where('id', '=', user.userId!).execute();
      const created = (await user.get<string>('/api/user/aff')).body.data!;
      expect(created).toMatch(/^[A-Za-z0-9]{6}$/);
      expect((await row(user.userId!)).aff_code).toBe(created);
      expect((await user.get<string>('/api/user/aff')).body.data).toBe(created);
    });

    it('registration with an invite code earns the inviter aff_quota; transfers follow the rules', async () => {
      await setOption('QuotaForInviter', '1200000');
      const inviter = await registerAndLogin(t.url, 'inviter1');
      const code = (await inviter.get<string>('/api/user/aff')).body.data!;
      const invitee = await registerAndLogin(t.url, 'invitee1', PASSWORD, { aff_code: code });
      expect((await self(invitee)).inviter_id).toBe(inviter.userId);

      const before = await self(inviter);
      expect(before).toMatchObject({ aff_count: 1, aff_quota: 1_200_000, aff_history_quota: 1_200_000 });

      await refusedWithoutChange(
        () => inviter.post('/api/user/aff_transfer', { quota: QUOTA_PER_UNIT - 1 }),
        new RegExp(`at least ${QUOTA_PER_UNIT}`),
      );
      await refusedWithoutChange(
        () => inviter.post('/api/user/aff_transfer', { quota: 1_200_001 }),
        /not enough invite quota/,
      );
      for (const quota of [0, -QUOTA_PER_UNIT, String(QUOTA_PER_UNIT), 600_000.5, null, 1e20, 1e300]) {
        const answer = await refusedWithoutChange(() => inviter.post('/api/user/aff_transfer', { quota }));
        expect(answer.status).toBe(200);
      }
      await refusedWithoutChange(() => inviter.post('/api/user/aff_transfer', {}), /invalid parameter/);

      expect((await inviter.post('/api/user/aff_transfer', { quota: QUOTA_PER_UNIT })).body.success).toBe(
        true,
      );
      const middle = await self(inviter);
      expect(middle.quota).toBe(before.quota + QUOTA_PER_UNIT);
      expect(middle.aff_quota).toBe(1_200_000 - QUOTA_PER_UNIT);
      expect(middle.aff_history_quota).toBe(1_200_000);

      expect((await inviter.post('/api/user/aff_transfer', { quota: 700_000 })).body.success).toBe(true);
      const after = await self(inviter);
      expect(after.quota).toBe(before.quota + 1_200_000);
      expect(after.aff_quota).toBe(0);
      await refusedWithoutChange(
        () => inviter.post('/api/user/aff_transfer', { quota: QUOTA_PER_UNIT }),
        /not enough invite quota/,
      );
    });

    it('an unknown invite code gives the inviter nothing', async () => {
      await setOption('QuotaForInviter', '1200000');
      const before = await db()
        .selectFrom('users')
        .select(['id', 'aff_quota', 'aff_count'])
        .orderBy('id')
        .execute();
      const invitee = await registerAndLogin(t.url, 'noinviter', PASSWORD, { aff_code: 'zzzzzz' });
      expect((await self(invitee)).inviter_id).toBe(0);
      const after = await db()
        .selectFrom('users')
        .select(['id', 'aff_quota', 'aff_count'])
        .where('id', '!=', invitee.userId!)
        .orderBy('id')
        .execute();
      expect(after).toEqual(before);
    });

    it('five concurrent transfers of the whole balance: exactly one succeeds and the balances add up', async () => {
      await setOption('QuotaForInviter', '600000');
      const inviter = await registerAndLogin(t.url, 'inviter2');
      const code = (await inviter.get<string>('/api/user/aff')).body.data!;
      const start = await self(inviter);
      const rounds = 4;
      for (let round = 1; round <= rounds; round++) {
        await registerAndLogin(t.url, `invitee2r${round}`, PASSWORD, { aff_code: code });
        const before = await self(inviter);
        expect(before.aff_quota).toBe(600_000);
        // Open several connections first, so that the five transfers reach the server together.
        await Promise.all(Array.from({ length: 5 }, () => inviter.get('/api/user/self')));

        const answers = await Promise.all(
          Array.from({ length: 5 }, () => inviter.post('/api/user/aff_transfer', { quota: 600_000 })),
        );
        expect(answers.filter((a) => a.body.success)).toHaveLength(1);
        for (const refused of answers.filter((a) => !a.body.success)) {
          expect(refused.body.message).toMatch(/not enough invite quota/);
        }
        const after = await row(inviter.userId!);
        expect(Number(after.aff_quota)).toBe(0);
        expect(Number(after.quota)).toBe(before.quota + 600_000);
        expect(Number(after.quota) + Number(after.aff_quota)).toBe(before.quota + before.aff_quota);
      }
      const end = await self(inviter);
      expect(end.quota).toBe(start.quota + rounds * 600_000);
      expect(end.aff_history_quota).toBe(rounds * 600_000);
      const logs = await db()
        .selectFrom('logs')
        .select('content')
        .where('user_id', '=', inviter.userId!)
        .where('content', 'like', 'moved %')
        .execute();
      expect(logs).toHaveLength(rounds);
      // The row states the amount in the site's display (dollars by default), as new-api's LogQuota.
      for (const log of logs) {
        expect(log.content).toMatch(/^moved (\$1\.20*|600000 quota) from the invite balance to the wallet$/);
      }
    });
  });

  describe('models and groups', () => {
    it('GET /api/user/models is an empty list when there are no channels', async () => {
      const user = await registerAndLogin(t.url, 'modelsusr');
      const abilities = await db()
        .selectFrom('abilities')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(abilities.n)).toBe(0);
      expect((await user.get('/api/user/models')).body).toEqual({ success: true, message: '', data: [] });
    });

    it('GET /api/user/self/groups maps each usable group to {desc, ratio}', async () => {
      const user = await registerAndLogin(t.url, 'groupsusr');
      const first = await user.get<Record<string, { desc: string; ratio: number }>>('/api/user/self/groups');
      expect(first.body.success).toBe(true);
      expect(first.body.data).toEqual({
        default: { desc: 'default group', ratio: 1 },
        vip: { desc: 'vip group', ratio: 1 },
      });

      await setOption('GroupRatio', JSON.stringify({ default: 1, vip: 2.5, special: 0.5 }));
      expect(
        (await root.put('/api/user/', { id: user.userId, group: 'special' })).body.success,
        'root moves the user to a group outside UserUsableGroups',
      ).toBe(true);
      const second = await user.get<Record<string, { desc: string; ratio: number }>>('/api/user/self/groups');
      expect(second.body.data).toEqual({
        default: { desc: 'default group', ratio: 1 },
        vip: { desc: 'vip group', ratio: 2.5 },
        special: { desc: 'user group', ratio: 0.5 },
      });
    });
  });

  describe('PUT /api/user/setting', () => {
    async function settingOf(client: ConsoleClient): Promise<UserSetting> {
      const me = await self(client);
      expect(typeof me.setting).toBe('string');
      return JSON.parse(me.setting) as UserSetting;
    }

    it('saves an e-mail setting and then a webhook setting, visible in GET self as a JSON string', async () => {
      const user = await registerAndLogin(t.url, 'notify1');
      const email = await user.put('/api/user/setting', {
        notify_type: 'email',
        quota_warning_threshold: 500_000,
        notification_email: 'alerts@example.com',
      });
      expect(email.body).toMatchObject({ success: true });
      expect(await settingOf(user)).toMatchObject({
        notify_type: 'email',
        quota_warning_threshold: 500_000,
        notification_email: 'alerts@example.com',
      });

      const webhook = await user.put('/api/user/setting', {
        notify_type: 'webhook',
        quota_warning_threshold: 100_000,
        webhook_url: 'https://hooks.example.com/relay?x=1',
        webhook_secret: 's3cret',
      });
      expect(webhook.body).toMatchObject({ success: true });
      expect(await settingOf(user)).toMatchObject({
        notify_type: 'webhook',
        quota_warning_threshold: 100_000,
        webhook_url: 'https://hooks.example.com/relay?x=1',
        webhook_secret: 's3cret',
      });
    });

    it('refuses a webhook without an https URL, a non-numeric threshold and an unknown type, changing nothing', async () => {
      const user = await registerAndLogin(t.url, 'notify2');
      expect(
        (
          await user.put('/api/user/setting', {
            notify_type: 'webhook',
            webhook_url: 'https://ok.example.com/hook',
            quota_warning_threshold: 200_000,
          })
        ).body.success,
      ).toBe(true);
      const saved = await settingOf(user);

      const bad: Array<[Record<string, unknown>, RegExp]> = [
        [{ notify_type: 'webhook', webhook_url: 'http://hooks.example.com/x' }, /https/],
        [{ notify_type: 'webhook', webhook_url: 'HTTP://hooks.example.com/x' }, /https/],
        [{ notify_type: 'webhook', webhook_url: 'https://' }, /https/],
        [{ notify_type: 'webhook', webhook_url: 'ftp://hooks.example.com' }, /https/],
        [{ notify_type: 'webhook', webhook_url: 'javascript:alert(1)' }, /https/],
        [{ notify_type: 'webhook' }, /webhook URL is required/],
        [{ notify_type: 'webhook', webhook_url: '' }, /webhook URL is required/],
        [{ notify_type: 'email', webhook_url: 'http://insecure.example.com' }, /https/],
        [{ notify_type: 'email', quota_warning_threshold: '100000' }, /quota_warning_threshold/],
        [{ notify_type: 'email', quota_warning_threshold: 'abc' }, /quota_warning_threshold/],
        [{ notify_type: 'email', quota_warning_threshold: -1 }, /quota_warning_threshold/],
        [{ notify_type: 'sms' }, /notify_type/],
        [{ notify_type: 'email', notification_email: 'not-an-email' }, /notification_email/],
        [{ notify_type: 'email', webhook_secret: 5 }, /webhook_secret/],
      ];
      for (const [body, message] of bad) {
        await refusedWithoutChange(() => user.put('/api/user/setting', body), message);
      }
      expect(await settingOf(user)).toEqual(saved);
    });
  });
});
