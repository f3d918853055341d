import { LogType, Role, type UserSetting } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import { mustChangeDefaultPassword } from '../../auth/default-password.ts';
import { currentUser, requireUser } from '../../auth/guard.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { randomAlphanumeric } from '../../auth/random.ts';
import { endSession } from '../../auth/sessions.ts';
import { groupRatio, usableGroups } from '../../options/groups.ts';
import { enabledModelsForGroups } from '../../store/abilities.ts';
import { describedBy } from '../../store/log-text.ts';
import { isUniqueViolation } from '../../store/dialect.ts';
import { writeLog } from '../../store/log-writer.ts';
import { deleteUserSessions } from '../../store/sessions.ts';
import {
  findUserById,
  nowSeconds,
  transferInviteQuota,
  updateUser,
  usernameTaken,
} from '../../store/users.ts';
import { ok } from '../envelope.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../parse-input.ts';
import { affTransferSchema, updateSelfSchema, userSettingSchema } from './schemas.ts';
import { toUserView } from './user-view.ts';
import { msg } from '../../i18n/text.ts';
import { logQuota } from '../../options/quota-display.ts';

/** Keeps retrying a random unique value until the database accepts it. */
async function withUniqueRandom(length: number, write: (value: string) => Promise<void>): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const value = randomAlphanumeric(length);
    try {
      await write(value);
      return value;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

function parseSetting(text: string | null): UserSetting {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' ? (value as UserSetting) : {};
  } catch {
    return {};
  }
}

/** What a signed-in user does to their own account. */
export const selfRoutes: FastifyPluginAsync = async (app) => {
  const { store, settings } = app;
  const guarded = { onRequest: requireUser };

  app.get('/api/user/self', guarded, async (request) => {
    const user = currentUser(request);
    return ok({ ...toUserView(user), must_change_password: await mustChangeDefaultPassword(request, user) });
  });

  app.put('/api/user/self', guarded, async (request) => {
    const user = currentUser(request);
    const input = parseInput(updateSelfSchema, request.body);
    const changes: { username?: string; display_name?: string; password?: string } = {};
    if (input.username !== undefined && input.username !== user.username) {
      if (await usernameTaken(store.db, input.username, user.id))
        throw new ApiError(msg('account.usernameTaken'));
      changes.username = input.username;
    }
    if (input.display_name !== undefined)
      changes.display_name = input.display_name || changes.username || user.username;
    if (input.password) {
      // A stolen session must not become a stolen account: the current password is asked for.
      if (!input.original_password) throw new ApiError(msg('account.currentPasswordRequired'));
      if (!(await verifyPassword(input.original_password, user.password))) {
        throw new ApiError(msg('account.currentPasswordWrong'));
      }
      changes.password = await hashPassword(input.password);
    }
    if (Object.keys(changes).length === 0) return ok();
    try {
      await updateUser(store.db, user.id, changes);
      app.keys.invalidateUser(user.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(msg('account.usernameTaken'));
      throw error;
    }
    if (changes.password) await deleteUserSessions(store.db, user.id, request.sessionId ?? undefined);
    return ok();
  });

  app.delete('/api/user/self', guarded, async (request, reply) => {
    const user = currentUser(request);
    if (user.role >= Role.Root) throw new ApiError(msg('account.rootUndeletable'));
    await updateUser(store.db, user.id, { deleted_at: nowSeconds(), access_token: null });
    app.keys.invalidateUser(user.id);
    await deleteUserSessions(store.db, user.id);
    await endSession(store.db, request, reply);
    return ok();
  });

  app.get('/api/user/token', guarded, async (request) => {
    const user = currentUser(request);
    const token = await withUniqueRandom(32, (value) =>
      updateUser(store.db, user.id, { access_token: value }),
    );
    return ok(token);
  });

  app.get('/api/user/aff', guarded, async (request) => {
    const user = currentUser(request);
    if (user.aff_code) return ok(user.aff_code);
    const code = await withUniqueRandom(6, (value) => updateUser(store.db, user.id, { aff_code: value }));
    return ok(code);
  });

  app.post('/api/user/aff_transfer', guarded, async (request) => {
    const user = currentUser(request);
    const { quota } = parseInput(affTransferSchema, request.body);
    const minimum = settings.number('QuotaPerUnit');
    if (quota < minimum) throw new ApiError(msg('account.transferTooLittle', { minimum }));
    if (!(await transferInviteQuota(store.db, user.id, quota)))
      throw new ApiError(msg('account.notEnoughInviteQuota'));
    app.keys.invalidateUser(user.id);
    await writeLog(store, {
      user_id: user.id,
      username: user.username,
      type: LogType.System,
      ...describedBy(msg('log.inviteTransfer', { quota: logQuota(settings, quota) })),
    });
    return ok();
  });

  app.get('/api/user/models', guarded, async (request) => {
    const user = currentUser(request);
    return ok(await enabledModelsForGroups(store.db, Object.keys(usableGroups(settings, user.group))));
  });

  app.get('/api/user/self/groups', guarded, async (request) => {
    const user = currentUser(request);
    const groups = usableGroups(settings, user.group);
    const data = Object.fromEntries(
      Object.entries(groups).map(([name, desc]) => [name, { desc, ratio: groupRatio(settings, name) }]),
    );
    return ok(data);
  });

  app.put('/api/user/setting', guarded, async (request) => {
    const user = currentUser(request);
    const input = parseInput(userSettingSchema, request.body);
    const fresh = await findUserById(store.db, user.id);
    const merged: UserSetting = { ...parseSetting(fresh?.setting ?? null), ...input };
    await updateUser(store.db, user.id, { setting: JSON.stringify(merged) });
    app.keys.invalidateUser(user.id);
    app.notifier.forgetUser(user.id);
    return ok();
  });
};
