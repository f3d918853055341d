import { describe, expect, it } from 'vitest';
import { ConsoleClient } from '../support/console-client.ts';
import { databaseUnavailable } from '../support/test-server.ts';
import {
  SAME_OR_HIGHER,
  admin,
  admin2,
  canLogin,
  createUser,
  loggedIn,
  refusedWithoutChange,
  root,
  row,
  sessionCount,
  t,
  useUserAdminConsole,
} from '../support/user-admin-console.ts';

describe.skipIf(databaseUnavailable())(
  'admin user management: POST /api/user/manage, DELETE /api/user/:id',
  () => {
    useUserAdminConsole();

    describe('POST /api/user/manage', () => {
      it('only root promotes; promote and demote answer {role, status} and refuse a no-op', async () => {
        const id = await createUser(admin, 'promo');
        await refusedWithoutChange(
          () => admin.post('/api/user/manage', { id, action: 'promote' }),
          /regular admin cannot promote/,
        );
        const promoted = await root.post('/api/user/manage', { id, action: 'promote' });
        expect(promoted.body).toEqual({ success: true, message: '', data: { role: 10, status: 1 } });
        expect((await row(id)).role).toBe(10);
        await refusedWithoutChange(
          () => root.post('/api/user/manage', { id, action: 'promote' }),
          /already an admin/,
        );
        // Now an admin, it is out of another admin's reach.
        await refusedWithoutChange(
          () => admin.post('/api/user/manage', { id, action: 'demote' }),
          SAME_OR_HIGHER,
        );

        const demoted = await root.post('/api/user/manage', { id, action: 'demote' });
        expect(demoted.body.data).toEqual({ role: 1, status: 1 });
        expect((await row(id)).role).toBe(1);
        await refusedWithoutChange(
          () => root.post('/api/user/manage', { id, action: 'demote' }),
          /already a common user/,
        );
        await refusedWithoutChange(
          () => admin.post('/api/user/manage', { id, action: 'demote' }),
          /already a common user/,
        );
      });

      it('root is never demoted, disabled or deleted, by root or an admin', async () => {
        for (const action of ['demote', 'disable', 'delete']) {
          await refusedWithoutChange(
            () => root.post('/api/user/manage', { id: 1, action }),
            new RegExp(`cannot ${action} the super admin`),
          );
          await refusedWithoutChange(() => admin.post('/api/user/manage', { id: 1, action }), SAME_OR_HIGHER);
        }
        expect(await row(1)).toMatchObject({ role: 100, status: 1, deleted_at: null });
        expect((await root.get('/api/user/self')).body.success).toBe(true);
      });

      it('an admin cannot manage another admin or itself', async () => {
        for (const action of ['disable', 'enable', 'delete', 'demote', 'promote']) {
          for (const id of [admin2.userId, admin.userId]) {
            await refusedWithoutChange(() => admin.post('/api/user/manage', { id, action }), SAME_OR_HIGHER);
          }
        }
      });

      it('disable ends the sessions and blocks login; enable restores it', async () => {
        const id = await createUser(admin, 'toggler');
        const user = await loggedIn('toggler');
        const disabled = await admin.post('/api/user/manage', { id, action: 'disable' });
        expect(disabled.body).toEqual({ success: true, message: '', data: { role: 1, status: 2 } });
        expect((await row(id)).status).toBe(2);
        expect(await sessionCount(id)).toBe(0);
        expect((await user.get('/api/user/self')).status).toBe(401);
        expect(await canLogin('toggler')).toBe(false);

        const enabled = await admin.post('/api/user/manage', { id, action: 'enable' });
        expect(enabled.body.data).toEqual({ role: 1, status: 1 });
        expect((await row(id)).status).toBe(1);
        expect(await canLogin('toggler')).toBe(true);
      });

      it('delete is soft: the row stays with deleted_at, login fails, sessions and access token end, the user is then not found', async () => {
        const id = await createUser(admin, 'deleteme');
        const user = await loggedIn('deleteme');
        const token = (await user.get<string>('/api/user/token')).body.data!;
        expect(token).toMatch(/^[A-Za-z0-9]{32}$/);

        const deleted = await admin.post('/api/user/manage', { id, action: 'delete' });
        expect(deleted.body).toEqual({ success: true, message: '', data: { role: 1, status: 1 } });

        const kept = await row(id);
        expect(kept.username).toBe('deleteme');
        expect(Number(kept.deleted_at)).toBeGreaterThan(0);
        expect(kept.access_token).toBeNull();
        expect(await sessionCount(id)).toBe(0);
        expect((await user.get('/api/user/self')).status).toBe(401);
        const byToken = new ConsoleClient(t.url);
        byToken.bearer = token;
        byToken.userId = id;
        expect((await byToken.get('/api/user/self')).status).toBe(401);
        expect(await canLogin('deleteme')).toBe(false);

        for (const action of ['delete', 'enable', 'disable', 'promote', 'demote']) {
          await refusedWithoutChange(() => root.post('/api/user/manage', { id, action }), /^user not found$/);
        }
        await refusedWithoutChange(() => root.get(`/api/user/${id}`), /^user not found$/);
        await refusedWithoutChange(() => root.put('/api/user/', { id, quota: 5 }), /^user not found$/);
        await refusedWithoutChange(() => root.delete(`/api/user/${id}`), /^user not found$/);
      });

      it('an unknown action is refused with a clear message', async () => {
        const id = await createUser(admin, 'unknownact');
        for (const action of ['ban', 'DISABLE', '', 'delete; DROP TABLE users', 42]) {
          await refusedWithoutChange(
            () => root.post('/api/user/manage', { id, action }),
            /action must be one of disable, enable, delete, promote, demote/,
          );
        }
      });

      it('bad ids are refused and change nothing', async () => {
        const id = await createUser(admin, 'badmanage');
        for (const body of [
          { id: String(id), action: 'disable' },
          { id: 0, action: 'disable' },
          { id: -1, action: 'disable' },
          { id: 1.5, action: 'disable' },
          { id: 'abc', action: 'disable' },
          { id: '1 OR 1=1', action: 'disable' },
          { action: 'disable' },
          { id },
          {},
        ]) {
          await refusedWithoutChange(() => admin.post('/api/user/manage', body), /invalid parameter/);
        }
        await refusedWithoutChange(
          () => admin.post('/api/user/manage', { id: 987654, action: 'disable' }),
          /user not found/,
        );
      });
    });

    describe('DELETE /api/user/:id', () => {
      it('an admin deletes a common user softly and ends its sessions', async () => {
        const id = await createUser(admin, 'delroute');
        const user = await loggedIn('delroute');
        const answer = await admin.delete(`/api/user/${id}`);
        expect(answer.body).toMatchObject({ success: true });
        expect(Number((await row(id)).deleted_at)).toBeGreaterThan(0);
        expect(await sessionCount(id)).toBe(0);
        expect((await user.get('/api/user/self')).status).toBe(401);
        expect(await canLogin('delroute')).toBe(false);
        await refusedWithoutChange(() => admin.delete(`/api/user/${id}`), /^user not found$/);
      });

      it('follows the same rules as manage delete', async () => {
        await refusedWithoutChange(() => admin.delete(`/api/user/${admin2.userId}`), SAME_OR_HIGHER);
        await refusedWithoutChange(() => admin.delete(`/api/user/${admin.userId}`), SAME_OR_HIGHER);
        await refusedWithoutChange(() => admin.delete('/api/user/1'), SAME_OR_HIGHER);
        await refusedWithoutChange(() => root.delete('/api/user/1'), /cannot delete the super admin/);

        const madeAdmin = await createUser(root, 'deladmin', { role: 10 });
        expect((await root.delete(`/api/user/${madeAdmin}`)).body.success).toBe(true);
        expect(Number((await row(madeAdmin)).deleted_at)).toBeGreaterThan(0);
      });

      it('bad ids are refused and change nothing', async () => {
        for (const id of [
          '0',
          'abc',
          '-1',
          '1.5',
          '99999999999999999999',
          encodeURIComponent("1' OR '1'='1"),
        ]) {
          await refusedWithoutChange(() => root.delete(`/api/user/${id}`), /invalid parameter/);
        }
        await refusedWithoutChange(() => root.delete('/api/user/987654'), /^user not found$/);
      });
    });
  },
);
