import { describe, expect, it } from 'vitest';
import type { LogView, Page, UserView } from '@relaygate/contract';
import { ROOT } from '../support/console-client.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import {
  PASSWORD,
  SAME_OR_HIGHER,
  admin,
  admin2,
  canLogin,
  createUser,
  db,
  logCount,
  loggedIn,
  refusedWithoutChange,
  root,
  row,
  useUserAdminConsole,
} from '../support/user-admin-console.ts';

describe.skipIf(databaseUnavailable())('admin user management: POST /api/user/, PUT /api/user/', () => {
  useUserAdminConsole();

  describe('POST /api/user/', () => {
    it('an admin creates a common user; display name defaults to the username', async () => {
      const id = await createUser(admin, 'newbie');
      const created = await row(id);
      expect(created).toMatchObject({
        username: 'newbie',
        display_name: 'newbie',
        role: 1,
        status: 1,
        group: 'default',
      });
      expect(created.password).not.toBe(PASSWORD);
      expect(await canLogin('newbie')).toBe(true);
      const named = await createUser(admin, 'named', { display_name: 'Named One' });
      expect((await row(named)).display_name).toBe('Named One');
    });

    it('an admin cannot create a user with role 10 or 100', async () => {
      for (const role of [10, 100]) {
        await refusedWithoutChange(
          () => admin.post('/api/user/', { username: `adm${role}x`, password: PASSWORD, role }),
          /greater than or equal to your own/,
        );
      }
    });

    it('root creates an admin with role 10, never another root', async () => {
      const id = await createUser(root, 'madeadmin', { role: 10 });
      expect((await row(id)).role).toBe(10);
      const made = await loggedIn('madeadmin');
      expect((await made.get('/api/user/')).body.success).toBe(true);
      await refusedWithoutChange(
        () => root.post('/api/user/', { username: 'maderoot', password: PASSWORD, role: 100 }),
        /greater than or equal to your own/,
      );
      for (const role of [0, 5, 11, 99, 101, -1]) {
        await refusedWithoutChange(
          () => root.post('/api/user/', { username: 'oddrole', password: PASSWORD, role }),
          /invalid role/,
        );
      }
    });

    it('username and password are required', async () => {
      for (const body of [
        { username: '', password: PASSWORD },
        { username: 'nopass', password: '' },
        { username: '   ', password: PASSWORD },
        { username: '', password: '' },
      ]) {
        await refusedWithoutChange(
          () => admin.post('/api/user/', body),
          /username and password cannot be empty/,
        );
      }
      for (const body of [{ password: PASSWORD }, { username: 'nopass' }, {}]) {
        await refusedWithoutChange(() => admin.post('/api/user/', body), /invalid parameter/);
      }
    });

    it('password is 8 to 20 characters, username at most 12', async () => {
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'shortpw', password: '1234567' }),
        /at least 8/,
      );
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'longpw', password: 'x'.repeat(21) }),
        /at most 20/,
      );
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'u'.repeat(13), password: PASSWORD }),
        /at most 12/,
      );
      expect((await admin.post('/api/user/', { username: 'pw8', password: '12345678' })).body.success).toBe(
        true,
      );
      expect(await canLogin('pw8', '12345678')).toBe(true);
      expect(
        (await admin.post('/api/user/', { username: 'pw20', password: 'y'.repeat(20) })).body.success,
      ).toBe(true);
      expect(await canLogin('pw20', 'y'.repeat(20))).toBe(true);
      expect(
        (await admin.post('/api/user/', { username: 'u'.repeat(12), password: PASSWORD })).body.success,
      ).toBe(true);
    });

    it('a duplicate username is refused, even of a deleted user', async () => {
      await createUser(admin, 'dupname');
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'dupname', password: PASSWORD }),
        /username already exists/,
      );
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'root', password: PASSWORD }),
        /username already exists/,
      );
      const gone = await createUser(admin, 'dupgone');
      expect((await admin.delete(`/api/user/${gone}`)).body.success).toBe(true);
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'dupgone', password: PASSWORD }),
        /username already exists/,
      );
    });

    it('usernames compare case-sensitively on every database', async () => {
      const lower = await createUser(admin, 'casename');
      const upper = await createUser(admin, 'CaseName', { password: 'otherpass123' });
      expect(upper).not.toBe(lower);
      expect(await canLogin('CaseName', PASSWORD)).toBe(false);
      expect(await canLogin('CaseName', 'otherpass123')).toBe(true);
      expect(await canLogin('casename', PASSWORD)).toBe(true);
    });

    it('wrong types and SQL injection in the username are refused', async () => {
      for (const body of [
        { username: 12345, password: PASSWORD },
        { username: 'typed', password: 12345678 },
        { username: 'typed', password: PASSWORD, role: '10' },
        { username: 'typed', password: PASSWORD, display_name: 7 },
        { username: ['typed'], password: PASSWORD },
        { username: "x' OR '1'='1", password: PASSWORD },
        { username: "a'); DROP TABLE users;--", password: PASSWORD },
        { username: 'tab\tname', password: PASSWORD },
      ]) {
        await refusedWithoutChange(() => admin.post('/api/user/', body), /invalid parameter/);
      }
      // A NUL character is refused before parsing, for every route (see http/json-body.ts).
      await refusedWithoutChange(
        () => admin.post('/api/user/', { username: 'nul\u0000x', password: PASSWORD }),
        /NUL character/,
      );
      await refusedWithoutChange(() => admin.post('/api/user/', '{"username":'), /not valid JSON/);
      expect(await canLogin("x' OR '1'='1")).toBe(false);
    });
  });

  describe('PUT /api/user/', () => {
    it('an admin edits quota, group, display name and password; a quota change writes one type-3 log row', async () => {
      const id = await createUser(admin, 'editme');
      const victim = await loggedIn('editme');
      const logsBefore = await db().selectFrom('logs').selectAll().where('user_id', '=', id).execute();

      const answer = await admin.put('/api/user/', {
        id,
        quota: 123_456,
        group: 'vip',
        display_name: 'Edited Name',
        password: 'newpassword1',
      });
      expect(answer.body).toMatchObject({ success: true });
      expect(await row(id)).toMatchObject({ quota: 123_456, group: 'vip', display_name: 'Edited Name' });

      const logs = await db().selectFrom('logs').selectAll().where('user_id', '=', id).execute();
      expect(logs).toHaveLength(logsBefore.length + 1);
      const log = logs.find((l) => !logsBefore.some((b) => b.id === l.id))!;
      expect(log.type).toBe(3);
      expect(log.username).toBe('editme');
      // Amounts as the site shows them (US dollars by default), to the last unit.
      expect(log.content).toBe('admin adm1 changed the quota from $0.00 to $0.246912');

      // The new password works, the old one does not, and the user's sessions ended.
      expect(await canLogin('editme')).toBe(false);
      expect(await canLogin('editme', 'newpassword1')).toBe(true);
      expect((await victim.get('/api/user/self')).status).toBe(401);

      const view = await admin.get<UserView>(`/api/user/${id}`);
      expect(view.body.data).toMatchObject({ quota: 123_456, group: 'vip', display_name: 'Edited Name' });
    });

    it('an unchanged quota writes no log row; an empty password keeps the old one', async () => {
      const id = await createUser(admin, 'samequota');
      expect((await admin.put('/api/user/', { id, quota: 500 })).body.success).toBe(true);
      const logs = await logCount();
      expect((await admin.put('/api/user/', { id, quota: 500, password: '' })).body.success).toBe(true);
      expect(await logCount()).toBe(logs);
      expect(await canLogin('samequota')).toBe(true);
      expect((await admin.put('/api/user/', { id, quota: 0 })).body.success).toBe(true);
      expect((await row(id)).quota).toBe(0);
      expect(await logCount()).toBe(logs + 1);
    });

    it('the log row states amounts in the display type set when it was written', async () => {
      const id = await createUser(admin, 'showquota');
      const lastContent = async () => {
        const logs = await db()
          .selectFrom('logs')
          .select('content')
          .where('user_id', '=', id)
          .orderBy('id', 'desc')
          .execute();
        return logs[0]?.content;
      };
      const setOption = async (key: string, value: string) =>
        expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
      try {
        await setOption('USDExchangeRate', '7');
        await setOption('general_setting.quota_display_type', 'CNY');
        await admin.put('/api/user/', { id, quota: 500_000 });
        expect(await lastContent()).toBe('admin adm1 changed the quota from ¥0.00 to ¥7.00');
        await setOption('general_setting.quota_display_type', 'TOKENS');
        await admin.put('/api/user/', { id, quota: 1 });
        expect(await lastContent()).toBe('admin adm1 changed the quota from 500000 quota to 1 quota');
        // The console in Chinese reads the same row with the unit in its own words.
        const chinese = await root.get<Page<LogView>>('/api/log/?p=1&page_size=1&type=3&username=showquota', {
          'Accept-Language': 'zh',
        });
        expect(chinese.body.data!.items[0]!.content).toBe('管理员 adm1 将额度从 500000 额度 修改为 1 额度');
      } finally {
        await setOption('general_setting.quota_display_type', 'USD');
        await setOption('USDExchangeRate', '7.3');
      }
    });

    it('an empty display name falls back to the username, the new one when it changes too', async () => {
      const id = await createUser(admin, 'dnreset', { display_name: 'Some Name' });
      expect((await admin.put('/api/user/', { id, display_name: '' })).body.success).toBe(true);
      expect((await row(id)).display_name).toBe('dnreset');
      expect(
        (await admin.put('/api/user/', { id, username: 'dnrenamed', display_name: '' })).body.success,
      ).toBe(true);
      expect(await row(id)).toMatchObject({ username: 'dnrenamed', display_name: 'dnrenamed' });
    });

    it('username changes keep usernames unique', async () => {
      const id = await createUser(admin, 'renameme');
      await refusedWithoutChange(
        () => admin.put('/api/user/', { id, username: 'com1' }),
        /username already exists/,
      );
      expect((await admin.put('/api/user/', { id, username: 'renamed' })).body.success).toBe(true);
      expect((await row(id)).username).toBe('renamed');
      expect(await canLogin('renamed')).toBe(true);
      expect(await canLogin('renameme')).toBe(false);
    });

    it('an admin cannot edit another admin, itself or root', async () => {
      for (const id of [admin2.userId, admin.userId, 1]) {
        await refusedWithoutChange(
          () => admin.put('/api/user/', { id, quota: 42, display_name: 'hacked' }),
          SAME_OR_HIGHER,
        );
      }
      await refusedWithoutChange(
        () => admin.put('/api/user/', { id: 1, password: 'takeover123' }),
        SAME_OR_HIGHER,
      );
      expect(await canLogin(ROOT.username, ROOT.password)).toBe(true);
    });

    it('nobody sets a role at or above their own; root is never demoted', async () => {
      const id = await createUser(admin, 'roleedit');
      await refusedWithoutChange(() => admin.put('/api/user/', { id, role: 10 }), /cannot promote/);
      await refusedWithoutChange(() => admin.put('/api/user/', { id, role: 100 }), /cannot promote/);
      await refusedWithoutChange(() => root.put('/api/user/', { id, role: 100 }), /greater than or equal/);
      await refusedWithoutChange(() => root.put('/api/user/', { id, role: 5 }), /invalid role/);

      expect((await root.put('/api/user/', { id, role: 10 })).body.success).toBe(true);
      expect((await row(id)).role).toBe(10);
      expect((await root.put('/api/user/', { id, role: 1 })).body.success).toBe(true);
      expect((await row(id)).role).toBe(1);

      for (const role of [1, 10]) {
        await refusedWithoutChange(
          () => root.put('/api/user/', { id: 1, role }),
          /cannot demote the super admin/,
        );
        await refusedWithoutChange(() => admin.put('/api/user/', { id: 1, role }), SAME_OR_HIGHER);
      }
      expect((await row(1)).role).toBe(100);
      // Root may still edit its own other fields.
      expect(
        (await root.put('/api/user/', { id: 1, display_name: 'Root Edited', role: 100 })).body.success,
      ).toBe(true);
      expect((await row(1)).display_name).toBe('Root Edited');
    });

    it('bad input is refused and changes nothing', async () => {
      const id = await createUser(admin, 'badput');
      const bodies: unknown[] = [
        { id, quota: '100' },
        { id, quota: -1 },
        { id, quota: 1.5 },
        { id, quota: 1e300 },
        { id: 0, quota: 5 },
        { id: -3, quota: 5 },
        { id: 'abc', quota: 5 },
        { id: String(id), quota: 5 },
        { id: 2.5, quota: 5 },
        { quota: 5 },
        { id, group: '' },
        { id, group: 5 },
        { id, username: "x' OR '1'='1" },
        { id, username: 'n'.repeat(13) },
        { id, password: 'short' },
        { id, password: 'p'.repeat(21) },
        { id, display_name: 'd'.repeat(21) },
        { id, role: '10' },
        { id, email: 'not-an-email' },
        [id],
        'id=1',
      ];
      for (const body of bodies) {
        await refusedWithoutChange(() => admin.put('/api/user/', body), /invalid parameter|not valid JSON/);
      }
      await refusedWithoutChange(() => admin.put('/api/user/', { id: 987654, quota: 5 }), /user not found/);
      // A null is "not given" (the classic console sends one for an emptied number input): nothing changes.
      const before = await row(id);
      expect((await admin.put('/api/user/', { id, quota: null, email: null })).body.success).toBe(true);
      expect(await row(id)).toEqual(before);
      await refusedWithoutChange(() => admin.put('/api/user/', '{"id":'), /not valid JSON/);
    });
  });
});
