import type { UserView } from '@relaygate/contract';
import { inputToQuota, quotaToInput, type QuotaDisplay } from '../../lib/quota.ts';

/** The add-user drawer's fields (Form name="addUser"). */
export interface AddUserValues {
  username?: string;
  display_name?: string;
  password?: string;
}

export interface CreateUserPayload {
  username: string;
  password: string;
  display_name?: string;
}

/** POST /api/user/ body: username and password are required (spec §5), a blank display name is left out. */
export function toCreatePayload(values: AddUserValues): CreateUserPayload | null {
  const username = values.username?.trim() ?? '';
  const password = values.password ?? '';
  if (!username || !password) return null;
  const displayName = values.display_name?.trim();
  return displayName ? { username, password, display_name: displayName } : { username, password };
}

/** The edit drawer's fields (Form name="editUser"); quota is in the display unit. */
export interface EditUserValues {
  username: string;
  display_name: string;
  password: string;
  group: string;
  quota: number;
}

export interface UpdateUserPayload {
  id: number;
  username: string;
  display_name: string;
  group: string;
  quota: number;
  password?: string;
}

export function toEditValues(user: UserView, display: QuotaDisplay): EditUserValues {
  return {
    username: user.username,
    display_name: user.display_name,
    password: '',
    group: user.group,
    quota: quotaToInput(user.quota, display),
  };
}

/** PUT /api/user/ body: the fields and the id; a blank password means unchanged and is left out. */
export function toUpdatePayload(
  id: number,
  values: EditUserValues,
  display: QuotaDisplay,
): UpdateUserPayload {
  const payload: UpdateUserPayload = {
    id,
    username: values.username.trim(),
    display_name: (values.display_name ?? '').trim(),
    group: values.group,
    quota: Math.max(0, inputToQuota(Number(values.quota) || 0, display)),
  };
  if (values.password) payload.password = values.password;
  return payload;
}
