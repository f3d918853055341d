import { LogType } from '@relaygate/contract';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, requireAdmin } from '../../auth/guard.ts';
import { msg } from '../../i18n/text.ts';
import { describedBy } from '../../store/log-text.ts';
import { writeLog } from '../../store/log-writer.ts';
import { findUserById, updateUser } from '../../store/users.ts';
import { ApiError } from '../errors.ts';
import { ok } from '../envelope.ts';
import { canActOn } from '../user/role-rules.ts';

/** new-api's binding types and the users column each clears. */
const BINDING_COLUMNS = {
  email: 'email',
  github: 'github_id',
  discord: 'discord_id',
  oidc: 'oidc_id',
  wechat: 'wechat_id',
  telegram: 'telegram_id',
  linuxdo: 'linux_do_id',
} as const;

type BindingType = keyof typeof BINDING_COLUMNS;
const isBindingType = (type: string): type is BindingType => Object.hasOwn(BINDING_COLUMNS, type);

/**
 * DELETE /api/user/:id/bindings/:binding_type: as in new-api, only an admin removes a binding (users
 * cannot unbind themselves), and only of a user of a lower role (root: anyone); logged as a manage row.
 */
export const unbindRoutes: FastifyPluginAsync = async (app) => {
  app.delete('/api/user/:id/bindings/:binding_type', { onRequest: requireAdmin }, async (request) => {
    const params = request.params as { id: string; binding_type: string };
    const type = params.binding_type.trim().toLowerCase();
    if (!isBindingType(type)) {
      throw new ApiError(msg('oauth.unknownBinding', { types: Object.keys(BINDING_COLUMNS).join(', ') }));
    }
    const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : 0;
    const target = id > 0 ? await findUserById(app.store.db, id) : undefined;
    if (!target) throw new ApiError(msg('user.notFound'));
    const actor = currentUser(request);
    const verdict = canActOn(actor.role, target.role);
    if (verdict) throw new ApiError(verdict);

    await updateUser(app.store.db, target.id, { [BINDING_COLUMNS[type]]: '' });
    await writeLog(app.store, {
      user_id: target.id,
      username: target.username,
      type: LogType.Manage,
      ...describedBy(msg('oauth.adminClearedBinding', { admin: actor.username, binding: type })),
    });
    return ok();
  });
};
