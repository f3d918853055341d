import { LogType, type QuotaDisplay } from '@relaygate/contract';
import type { BindingColumn } from '../../auth/oauth/index.ts';
import { randomAlphanumeric } from '../../auth/random.ts';
import { isUniqueViolation } from '../../store/dialect.ts';
import { describedBy } from '../../store/log-text.ts';
import type { Store } from '../../store/db.ts';
import type { NewLog } from '../../store/log-writer.ts';
import { emailTaken, insertRegistration } from '../../store/registration.ts';
import { findUserByAffCode, usernameTaken, type UserRow } from '../../store/users.ts';
import { ApiError } from '../errors.ts';
import { logAmount } from '../../i18n/log-amount.ts';
import { msg, type Text } from '../../i18n/text.ts';

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
  if (input.email && (await emailTaken(store, input.email))) throw new ApiError(msg('account.emailTaken'));
  const inviter = input.affCode ? await findUserByAffCode(store.db, input.affCode) : undefined;
  const inviteeBonus = inviter ? quotas.forInvitee : 0;
  try {
    return await insertRegistration(store, {
      user: {
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
      inviter: inviter && { id: inviter.id, reward: quotas.forInviter },
      logs: (id) => giftLogs(input.username, id, inviter, quotas),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(msg('account.usernameTaken'));
    throw error;
  }
}

/** The log rows of a registration's gifts: the new-user gift, the invitee bonus, the inviter's reward. */
function giftLogs(
  username: string,
  id: number,
  inviter: Pick<UserRow, 'id' | 'username'> | undefined,
  quotas: RegistrationQuotas,
): NewLog[] {
  const row = (userId: number, name: string, text: Text): NewLog => ({
    user_id: userId,
    username: name,
    type: LogType.System,
    ...describedBy(text),
  });
  const rows: NewLog[] = [];
  if (quotas.forNewUser > 0)
    rows.push(
      row(id, username, msg('log.newUserGift', { quota: logAmount(quotas.display, quotas.forNewUser) })),
    );
  if (inviter && quotas.forInvitee > 0)
    rows.push(
      row(id, username, msg('log.inviteeBonus', { quota: logAmount(quotas.display, quotas.forInvitee) })),
    );
  if (inviter && quotas.forInviter > 0) {
    const quota = logAmount(quotas.display, quotas.forInviter);
    rows.push(row(inviter.id, inviter.username, msg('log.inviterReward', { username, quota })));
  }
  return rows;
}
