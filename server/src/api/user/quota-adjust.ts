import { LogType, type QuotaAdjustMode } from '@relaygate/contract';
import type { FastifyInstance } from 'fastify';
import { msg, type Text } from '../../i18n/text.ts';
import { logQuota } from '../../options/quota-display.ts';
import { describedBy } from '../../store/log-text.ts';
import { writeLog } from '../../store/log-writer.ts';
import { setBalance } from '../../store/quota.ts';
import { adjustWallet, type AdjustRefusal } from '../../store/quota-adjust.ts';
import { walletOf, type UserRow } from '../../store/users.ts';
import { ApiError } from '../errors.ts';

type Person = Pick<UserRow, 'id' | 'username'>;

/** Who made an admin's change, in its log row's `other` as new-api records it (admins only read it). */
const adminInfo = (admin: Person) => ({ admin_info: { admin_id: admin.id, admin_username: admin.username } });

function refusalText(reason: AdjustRefusal, app: FastifyInstance, quota: number): Text {
  switch (reason) {
    case 'missing':
      return msg('user.notFound');
    case 'not_enough':
      return msg('user.deductTooMuch', { balance: logQuota(app.settings, quota) });
    case 'too_large':
      return msg('user.quotaTooLarge');
  }
}

/**
 * An admin sets a user's wallet to `value` (PUT /api/user/ with a quota, or the override mode),
 * net of what calls in flight hold (see setBalance), and logs it as a type-3 row with both amounts.
 */
export async function overrideWallet(
  app: FastifyInstance,
  admin: Person,
  target: Person & { quota: number | string },
  value: number,
): Promise<void> {
  await setBalance(app.store, { table: 'users', id: target.id }, value);
  app.keys.invalidateUser(target.id);
  await writeLog(app.store, {
    user_id: target.id,
    username: target.username,
    type: LogType.Manage,
    ...describedBy(
      msg('log.adminSetQuota', {
        admin: admin.username,
        from: logQuota(app.settings, Number(target.quota)),
        to: logQuota(app.settings, value),
      }),
      adminInfo(admin),
    ),
  });
}

/**
 * POST /api/user/manage {action: 'add_quota', mode, value}: adds to or subtracts from the wallet by
 * one atomic increment with its log row, or overrides it. Answers the balance afterwards.
 */
export async function adjustUserQuota(
  app: FastifyInstance,
  admin: Person,
  target: Person & { quota: number | string },
  mode: QuotaAdjustMode,
  value: number,
): Promise<number> {
  if (mode === 'override') {
    await overrideWallet(app, admin, target, value);
    return (await walletOf(app.store.db, target.id)) ?? value;
  }
  if (value <= 0) throw new ApiError(msg('user.quotaChangeZero'));
  const text = msg(mode === 'add' ? 'log.adminAddQuota' : 'log.adminDeductQuota', {
    admin: admin.username,
    quota: logQuota(app.settings, value),
  });
  const outcome = await adjustWallet(app.store, target.id, mode === 'add' ? value : -value, {
    username: target.username,
    type: LogType.Manage,
    ...describedBy(text, adminInfo(admin)),
  });
  if (!outcome.ok) throw new ApiError(refusalText(outcome.reason, app, outcome.quota));
  app.keys.invalidateUser(target.id);
  return outcome.quota;
}
