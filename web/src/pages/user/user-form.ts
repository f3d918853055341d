import type { UserView } from '@relaygate/contract';

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

/** The edit drawer's fields (Form name="editUser"); the balance is adjusted apart (QuotaAdjustSection). */
export interface EditUserValues {
  username: string;
  display_name: string;
  password: string;
  group: string;
}

export interface UpdateUserPayload {
  id: number;
  username: string;
  display_name: string;
  group: string;
  password?: string;
}

export function toEditValues(user: UserView): EditUserValues {
  return {
    username: user.username,
    display_name: user.display_name,
    password: '',
    group: user.group,
  };
}

/**
 * PUT /api/user/ body: the fields and the id; a blank password means unchanged and is left out, and
 * so is the quota, which the server then leaves as it is.
 */
export function toUpdatePayload(id: number, values: EditUserValues): UpdateUserPayload {
  const payload: UpdateUserPayload = {
    id,
    username: values.username.trim(),
    display_name: (values.display_name ?? '').trim(),
    group: values.group,
  };
  if (values.password) payload.password = values.password;
  return payload;
}
