export const Role = { Guest: 0, Common: 1, Admin: 10, Root: 100 } as const;
export type RoleValue = (typeof Role)[keyof typeof Role];

export const UserStatus = { Enabled: 1, Disabled: 2 } as const;

export const isAdminRole = (role: number): boolean => role >= Role.Admin;
export const isRootRole = (role: number): boolean => role >= Role.Root;

/** A user as the console sees it: never the password hash or the access token. */
export interface UserView {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  discord_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  setting: string;
  remark: string;
  created_at: number;
  last_login_at: number;
  /** Soft deletion time (ISO 8601) or null; the console marks such rows as deregistered. */
  DeletedAt: string | null;
  /** Always blank when loaded, as the console expects. */
  password: string;
  /**
   * Only in GET /api/user/self: true while this root session's password is still the default one.
   * Every other console call is refused until it changes, so the console asks for a new one at once.
   */
  must_change_password?: boolean;
}

/** What POST /api/user/login answers (the classic, cookie-session shape). */
export interface LoginResult {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
}

export type NotifyType = 'email' | 'webhook';

/** The JSON kept in users.setting. */
export interface UserSetting {
  notify_type?: NotifyType;
  quota_warning_threshold?: number;
  webhook_url?: string;
  webhook_secret?: string;
  notification_email?: string;
  accept_unset_model_ratio_model?: boolean;
  record_ip_log?: boolean;
}

export type ManageAction = 'disable' | 'enable' | 'delete' | 'promote' | 'demote';

/**
 * How POST /api/user/manage {id, action: 'add_quota', mode, value} changes a wallet, as new-api's
 * newer console sends it: add or subtract `value` quota units (an increment in the database), or
 * override the balance with it.
 */
export const QUOTA_ADJUST_MODES = ['add', 'subtract', 'override'] as const;
export type QuotaAdjustMode = (typeof QUOTA_ADJUST_MODES)[number];

export interface QuotaAdjustRequest {
  id: number;
  action: 'add_quota';
  mode: QuotaAdjustMode;
  /** Whole quota units; above 0 to add or subtract, 0 or more to override. */
  value: number;
}

/** What a manage call answers: the user's role and status, and after a quota adjustment the new balance. */
export interface ManageAnswer {
  role: number;
  status: number;
  quota?: number;
}

/** logs.type */
export const LogType = {
  Unknown: 0,
  TopUp: 1,
  Consume: 2,
  Manage: 3,
  System: 4,
  Error: 5,
  Refund: 6,
} as const;
