import { Role, UserStatus, type ManageAction } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Updateable } from 'kysely';
import { currentUser, requireAdmin } from '../../auth/guard.ts';
import { hashPassword } from '../../auth/password.ts';
import { isUniqueViolation } from '../../store/dialect.ts';
import type { UsersTable } from '../../store/schema.ts';
import { deleteUserSessions } from '../../store/sessions.ts';
import {
  findUserById,
  nowSeconds,
  searchUsers,
  updateUser,
  usernameTaken,
  type UserRow,
} from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { pageOf, readPaging } from '../paging.ts';
import { parseId, parseInput } from '../parse-input.ts';
import { registerUser } from './register-user.ts';
import { canActOn, canCreateWithRole, canManage, canSetRole } from './role-rules.ts';
import { adjustUserQuota, overrideWallet } from './quota-adjust.ts';
import { createUserSchema, manageSchema, quotaAdjustSchema, updateUserSchema } from './schemas.ts';
import { toUserView } from './user-view.ts';
import { msg, type Text } from '../../i18n/text.ts';
import { siteQuotaDisplay } from '../../options/quota-display.ts';

function refuseIf(verdict: Text | null): void {
  if (verdict) throw new ApiError(verdict);
}

/** What each manage action writes. */
function manageChanges(action: ManageAction): Updateable<UsersTable> {
  switch (action) {
    case 'disable':
      return { status: UserStatus.Disabled };
    case 'enable':
      return { status: UserStatus.Enabled };
    case 'delete':
      return { deleted_at: nowSeconds(), access_token: null };
    case 'promote':
      return { role: Role.Admin };
    case 'demote':
      return { role: Role.Common };
  }
}

/** User administration, for admins (role 10 and up) within the rules of spec §6. */
export const adminUserRoutes: FastifyPluginAsync = async (app) => {
  const { store, settings } = app;
  const guarded = { onRequest: requireAdmin };

  async function targetOf(id: number): Promise<UserRow> {
    const target = await findUserById(store.db, id);
    if (!target) throw new ApiError(msg('user.notFound'));
    return target;
  }

  app.get('/api/user/', guarded, async (request) => {
    const paging = readPaging(request.query as Record<string, unknown>);
    const { total, items } = await searchUsers(store.db, { offset: paging.offset, limit: paging.pageSize });
    return ok(pageOf(paging, total, items.map(toUserView)));
  });

  app.get('/api/user/search', guarded, async (request) => {
    const query = request.query as Record<string, unknown>;
    const paging = readPaging(query);
    const keyword = typeof query.keyword === 'string' ? query.keyword.slice(0, 255) : undefined;
    const group = typeof query.group === 'string' ? query.group.slice(0, 64) : undefined;
    const { total, items } = await searchUsers(store.db, {
      keyword,
      group,
      offset: paging.offset,
      limit: paging.pageSize,
    });
    return ok(pageOf(paging, total, items.map(toUserView)));
  });

  app.get('/api/user/:id', guarded, async (request) => {
    const target = await targetOf(parseId((request.params as { id: string }).id));
    refuseIf(canActOn(currentUser(request).role, target.role));
    return ok(toUserView(target));
  });

  app.post('/api/user/', guarded, async (request) => {
    const actor = currentUser(request);
    const input = parseInput(createUserSchema, request.body);
    const role = input.role ?? Role.Common;
    refuseIf(canCreateWithRole(actor.role, role));
    await registerUser(
      store,
      {
        username: input.username,
        passwordHash: await hashPassword(input.password),
        displayName: input.display_name,
        role,
      },
      {
        forNewUser: settings.number('QuotaForNewUser'),
        forInviter: 0,
        forInvitee: 0,
        display: siteQuotaDisplay(settings),
      },
    );
    return ok();
  });

  app.put('/api/user/', guarded, async (request) => {
    const actor = currentUser(request);
    const input = parseInput(updateUserSchema, request.body);
    const target = await targetOf(input.id);
    refuseIf(canActOn(actor.role, target.role));
    if (input.role !== undefined) refuseIf(canSetRole(actor.role, target.role, input.role));

    const changes: Updateable<UsersTable> = {};
    if (input.username !== undefined && input.username !== target.username) {
      if (await usernameTaken(store.db, input.username, target.id))
        throw new ApiError(msg('account.usernameTaken'));
      changes.username = input.username;
    }
    if (input.display_name !== undefined) {
      changes.display_name = input.display_name || changes.username || target.username;
    }
    if (input.password) changes.password = await hashPassword(input.password);
    if (input.group !== undefined) changes.group = input.group;
    if (input.email !== undefined) changes.email = input.email;
    if (input.remark !== undefined) changes.remark = input.remark;
    if (input.role !== undefined) changes.role = input.role;
    const quotaChanged = input.quota !== undefined && input.quota !== Number(target.quota);
    if (Object.keys(changes).length === 0 && !quotaChanged) return ok();

    if (Object.keys(changes).length > 0) {
      try {
        await updateUser(store.db, target.id, changes);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(msg('account.usernameTaken'));
        throw error;
      }
      app.keys.invalidateUser(target.id);
    }
    if (changes.password) await deleteUserSessions(store.db, target.id);
    if (quotaChanged) await overrideWallet(app, actor, target, input.quota!);
    return ok();
  });

  app.post('/api/user/manage', guarded, async (request) => {
    const actor = currentUser(request);
    const { id, action } = parseInput(manageSchema, request.body);
    const target = await targetOf(id);
    if (action === 'add_quota') {
      const { mode, value } = parseInput(quotaAdjustSchema, request.body);
      refuseIf(canActOn(actor.role, target.role));
      const quota = await adjustUserQuota(app, actor, target, mode, value);
      return ok({ role: target.role, status: target.status, quota });
    }
    refuseIf(canManage(actor.role, target.role, action));
    const changes = manageChanges(action);
    await updateUser(store.db, target.id, changes);
    app.keys.invalidateUser(target.id);
    if (action === 'disable' || action === 'delete') await deleteUserSessions(store.db, target.id);
    const updated = { ...target, ...changes } as UserRow;
    return ok({ role: updated.role, status: updated.status });
  });

  app.delete('/api/user/:id', guarded, async (request) => {
    const target = await targetOf(parseId((request.params as { id: string }).id));
    refuseIf(canManage(currentUser(request).role, target.role, 'delete'));
    await updateUser(store.db, target.id, manageChanges('delete'));
    app.keys.invalidateUser(target.id);
    await deleteUserSessions(store.db, target.id);
    return ok();
  });
};
