import { LogType, type QuotaDisplay } from '@relaygate/contract';
import type { BindingColumn } from '../../auth/oauth/index.ts';
import { randomAlphanumeric } from '../../auth/random.ts';
import { isUniqueViolation } from '../../store/dialect.ts';
import { describedBy } from '../../store/log-text.ts';
import type { Store } from '../../store/db.ts';
import { insertLog } from '../../store/logs.ts';
import { findUserByAffCode, insertUser, usernameTaken } from '../../store/users.ts';
import { ApiError } from '../errors.ts';
import { logAmount } from '../../i18n/log-amount.ts';
import { msg } from '../../i18n/text.ts';

export interface Registration {
  username: string;
  passwordHash: string;
  displayName?: string;
  email?: string;
  role?: number;
  affCode?: string;
  /** Third-party accounts the new user starts bound to. */
  bindings?: Partial<Record<BindingColumn, string>>;
}

export interface RegistrationQuotas {
  forNewUser: number;
  forInviter: number;
  forInvitee: number;
  /** How the site shows amounts, for the log rows' texts. */
  display: QuotaDisplay;
}

/**
 * Creates a user with the new-user gift and, when an invite code names an inviter, the invite
 * rewards on both sides, all in one transaction: either everything is written or nothing is.
 */
export async function registerUser(
  store: Store,
  input: Registration,
  quotas: RegistrationQuotas,
): Promise<number> {
  if (await usernameTaken(store.db, input.username)) throw new ApiError(msg('account.usernameTaken'));
  if (input.email) {
    const existing = await store.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (existing) throw new ApiError(msg('account.emailTaken'));
  }
  const inviter = input.affCode ? await findUserByAffCode(store.db, input.affCode) : undefined;
  const inviteeBonus = inviter ? quotas.forInvitee : 0;

  try {
    return await store.db.transaction().execute(async (trx) => {
      const id = await insertUser(
        store,
        {
          username: input.username,
          password: input.passwordHash,
          display_name: input.displayName || input.username,
          email: input.email ?? '',
          role: input.role ?? 1,
          quota: quotas.forNewUser + inviteeBonus,
          aff_code: randomAlphanumeric(6),
          inviter_id: inviter?.id ?? 0,
          ...input.bindings,
        },
        trx,
      );
      if (quotas.forNewUser > 0) {
        await insertLog(trx, {
          user_id: id,
          username: input.username,
          type: LogType.System,
          ...describedBy(msg('log.newUserGift', { quota: logAmount(quotas.display, quotas.forNewUser) })),
        });
      }
      if (inviter) {
        await trx
          .updateTable('users')
          .set((eb) => ({
            aff_count: eb('aff_count', '+', 1),
            aff_quota: eb('aff_quota', '+', quotas.forInviter),
            aff_history: eb('aff_history', '+', quotas.forInviter),
          }))
          .where('id', '=', inviter.id)
          .execute();
        if (inviteeBonus > 0) {
          await insertLog(trx, {
            user_id: id,
            username: input.username,
            type: LogType.System,
            ...describedBy(msg('log.inviteeBonus', { quota: logAmount(quotas.display, inviteeBonus) })),
          });
        }
        if (quotas.forInviter > 0) {
          await insertLog(trx, {
            user_id: inviter.id,
            username: inviter.username,
            type: LogType.System,
            ...describedBy(
              msg('log.inviterReward', {
                username: input.username,
                quota: logAmount(quotas.display, quotas.forInviter),
              }),
            ),
          });
        }
      }
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(msg('account.usernameTaken'));
    throw error;
  }
}
