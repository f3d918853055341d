import type { LoginResult, UserView } from '@relaygate/contract';
import type { UserRow } from '../../store/users.ts';

/** What the console may see of a user: never the password hash or the access token. */
export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    role: row.role,
    status: row.status,
    email: row.email,
    github_id: row.github_id,
    discord_id: row.discord_id,
    oidc_id: row.oidc_id,
    wechat_id: row.wechat_id,
    telegram_id: row.telegram_id,
    linux_do_id: row.linux_do_id,
    quota: Number(row.quota),
    used_quota: Number(row.used_quota),
    request_count: Number(row.request_count),
    group: row.group,
    aff_code: row.aff_code ?? '',
    aff_count: row.aff_count,
    aff_quota: Number(row.aff_quota),
    aff_history_quota: Number(row.aff_history),
    inviter_id: Number(row.inviter_id),
    setting: row.setting ?? '',
    remark: row.remark,
    created_at: Number(row.created_at),
    last_login_at: Number(row.last_login_at),
    DeletedAt: row.deleted_at === null ? null : new Date(Number(row.deleted_at) * 1000).toISOString(),
    password: '',
  };
}

export const toLoginResult = (row: UserRow): LoginResult => ({
  id: row.id,
  username: row.username,
  display_name: row.display_name,
  role: row.role,
  status: row.status,
  group: row.group,
});
