import { Role, type ManageAction } from '@relaygate/contract';
import { msg, type Text } from '../../i18n/text.ts';

/** A refusal message, or null when the actor may go ahead. Pure, so the whole matrix is testable. */
export type Verdict = Text | null;

export const NO_PERMISSION_SAME_OR_HIGHER = msg('user.sameOrHigherRole');

/** Reading, updating or deleting another user needs a strictly higher role (root may act on anyone). */
export function canActOn(actorRole: number, targetRole: number): Verdict {
  if (actorRole >= Role.Root) return null;
  return actorRole > targetRole ? null : NO_PERMISSION_SAME_OR_HIGHER;
}

export function canCreateWithRole(actorRole: number, newRole: number): Verdict {
  if (![Role.Common, Role.Admin, Role.Root].includes(newRole as 1 | 10 | 100)) return msg('user.invalidRole');
  return newRole < actorRole ? null : msg('user.roleTooHigh');
}

/** Setting a role through the edit form: same rule as creation, and root is never demoted. */
export function canSetRole(actorRole: number, targetRole: number, newRole: number): Verdict {
  if (newRole === targetRole) return null;
  if (targetRole >= Role.Root) return msg('user.rootNotDemotable');
  if (actorRole < Role.Root && newRole >= Role.Admin) return msg('user.adminCannotPromote');
  return canCreateWithRole(actorRole, newRole);
}

export function canManage(actorRole: number, targetRole: number, action: ManageAction): Verdict {
  const rank = canActOn(actorRole, targetRole);
  if (rank) return rank;
  const targetIsRoot = targetRole >= Role.Root;
  switch (action) {
    case 'disable':
      return targetIsRoot ? msg('user.rootNotDisableable') : null;
    case 'delete':
      return targetIsRoot ? msg('user.rootNotDeletable') : null;
    case 'demote':
      if (targetIsRoot) return msg('user.rootNotDemotable');
      return targetRole === Role.Common ? msg('user.alreadyCommon') : null;
    case 'promote':
      if (actorRole < Role.Root) return msg('user.adminCannotPromote');
      return targetRole >= Role.Admin ? msg('user.alreadyAdmin') : null;
    case 'enable':
      return null;
  }
}
