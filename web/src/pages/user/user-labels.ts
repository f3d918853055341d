import { Role, UserStatus, type ManageAction } from '@relaygate/contract';
import type { Label } from '../../components/role-label.ts';

/** The fields of a user row that decide its status label and its actions. */
export interface UserState {
  role: number;
  status: number;
  DeletedAt?: string | null;
}

export const isDeregistered = (user: Pick<UserState, 'DeletedAt'>): boolean => !!user.DeletedAt;

/** Spec §4: 1 active, 2 banned, anything else unknown; a soft-deleted row is deregistered. */
export function statusLabel(user: UserState): Label {
  if (isDeregistered(user)) return { key: 'user.status.deregistered', color: 'default' };
  switch (user.status) {
    case UserStatus.Enabled:
      return { key: 'user.status.active', color: 'green' };
    case UserStatus.Disabled:
      return { key: 'user.status.banned', color: 'red' };
    default:
      return { key: 'user.status.unknown', color: 'default' };
  }
}

export type RowAction = 'edit' | ManageAction;

/**
 * The actions a row offers, in display order. A deregistered row offers none; status 3 cannot be
 * enabled; the super admin can never be promoted, demoted, disabled or deregistered. Whether the
 * signed-in admin outranks the target is the server's call: its refusal is shown as is.
 */
export function rowActions(user: UserState): RowAction[] {
  if (isDeregistered(user)) return [];
  const isRoot = user.role >= Role.Root;
  const actions: RowAction[] = ['edit'];
  if (user.role < Role.Admin) actions.push('promote');
  if (user.role >= Role.Admin && !isRoot) actions.push('demote');
  if (user.status === UserStatus.Enabled && !isRoot) actions.push('disable');
  if (user.status === UserStatus.Disabled) actions.push('enable');
  if (!isRoot) actions.push('delete');
  return actions;
}

/** A row after a manage call: its new status and role (the answer's data), or deregistered now. */
export function applyManageResult<T extends UserState>(
  user: T,
  action: ManageAction,
  result: { status?: number; role?: number } | undefined,
  now: Date = new Date(),
): T {
  const next = { ...user, ...(result ?? {}) };
  if (action === 'delete') next.DeletedAt = now.toISOString();
  return next;
}
