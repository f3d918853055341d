import type { TableImport } from '../copy-table.ts';
import { int, RowSkip, text, textOrNull, unixSecondsOrNull } from '../values.ts';

/**
 * users: new-api's columns are ours. Differences by version: one-api has lark_id (a binding we do
 * not offer) and no aff_count/aff_quota/aff_history/setting/linux_do_id/telegram_id; new-api before
 * 2025 has no discord_id/remark/created_at/last_login_at; deleted_at is a GORM timestamp there and
 * unix seconds here; stripe_customer and auth_version (new-api 2026) have no place here.
 */
export const usersImport: TableImport = {
  table: 'users',
  identity: 'username',
  reads: [
    'id',
    'username',
    'password',
    'display_name',
    'role',
    'status',
    'email',
    'github_id',
    'discord_id',
    'oidc_id',
    'wechat_id',
    'telegram_id',
    'linux_do_id',
    'access_token',
    'quota',
    'used_quota',
    'request_count',
    'group',
    'aff_code',
    'aff_count',
    'aff_quota',
    'aff_history',
    'inviter_id',
    'setting',
    'remark',
    'created_at',
    'last_login_at',
    'deleted_at',
  ],
  map(row) {
    const username = text(row.username);
    if (username === '') throw new RowSkip('a user without a username');
    const accessToken = text(row.access_token).trim();
    const affCode = text(row.aff_code).trim();
    return {
      id: int(row.id),
      username,
      // Empty for an account made by OAuth sign-up: it signs in only through its binding, as before.
      password: text(row.password),
      display_name: text(row.display_name),
      role: int(row.role, 1),
      status: int(row.status, 1),
      email: text(row.email),
      github_id: text(row.github_id),
      discord_id: text(row.discord_id),
      oidc_id: text(row.oidc_id),
      wechat_id: text(row.wechat_id),
      telegram_id: text(row.telegram_id),
      linux_do_id: text(row.linux_do_id),
      // Unique here: new-api's empty strings become null, so several users may have none.
      access_token: accessToken === '' ? null : accessToken,
      quota: int(row.quota),
      used_quota: int(row.used_quota),
      request_count: int(row.request_count),
      group: text(row.group, 'default') || 'default',
      aff_code: affCode === '' ? null : affCode,
      aff_count: int(row.aff_count),
      aff_quota: int(row.aff_quota),
      aff_history: int(row.aff_history),
      inviter_id: int(row.inviter_id),
      setting: textOrNull(row.setting),
      remark: text(row.remark),
      created_at: int(row.created_at),
      last_login_at: int(row.last_login_at),
      deleted_at: unixSecondsOrNull(row.deleted_at),
    };
  },
  onSkip(row, context) {
    context.skippedUsers.add(row.id);
  },
};
