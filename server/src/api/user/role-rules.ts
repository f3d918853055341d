import { Role, type ManageAction } from '@relaygate/contract';

/** A refusal message, or null when the actor may go ahead. Pure, so the whole matrix is testable. */
export type Verdict = string | null;

export const NO_PERMISSION_SAME_OR_HIGHER =
  'no permission to access or change users of the same or a higher role';

/** Reading, updating or deleting another user needs a strictly higher role (root may act on anyone). */
export function canActOn(actorRole: number, targetRole: number): Verdict {
  if (actorRole >= Role.Root) return null;
  return actorRole > targetRole ? null : NO_PERMISSION_SAME_OR_HIGHER;
}

export function canCreateWithRole(actorRole: number, newRole: number): Verdict {
  if (![Role.Common, Role.Admin, Role.Root].includes(newRole as 1 | 10 | 100)) return 'invalid role';
  return newRole < actorRole ? null : 'cannot create users with a role greater than or equal to your own';
}

/** Setting a role through the edit form: same rule as creation, and root is never demoted. */
export function canSetRole(actorRole: number, targetRole: number, newRole: number): Verdict {
  if (newRole === targetRole) return null;
  if (targetRole >= Role.Root) return 'cannot demote the super admin';
  if (actorRole < Role.Root && newRole >= Role.Admin) return 'a regular admin cannot promote others to admin';
  return canCreateWithRole(actorRole, newRole);
}

export function canManage(actorRole: number, targetRole: number, action: ManageAction): Verdict {
  const rank = canActOn(actorRole, targetRole);
  if (rank) return rank;
  const targetIsRoot = targetRole >= Role.Root;
  switch (action) {
    case 'disable':
      return targetIsRoot ? 'cannot disable the super admin' : null;
    case 'delete':
      return targetIsRoot ? 'cannot delete the super admin' : null;
    case 'demote':
      if (targetIsRoot) return 'cannot demote the super admin';
      return targetRole === Role.Common ? 'the user is already a common user' : null;
    case 'promote':
      if (actorRole < Role.Root) return 'a regular admin cannot promote others to admin';
      return targetRole >= Role.Admin ? 'the user is already an admin' : null;
    case 'enable':
      return null;
  }
}
