import { sql, type Kysely } from 'kysely';
import type { TestDbKind } from './test-database.ts';

/**
 * The tables of the gateways we import from, as their GORM models declare them, to build source
 * databases for the import tests. Each column is `name type` in GORM's terms; `render` spells the
 * types per engine as GORM's drivers do (Go int: integer on SQLite, bigint elsewhere; bool; the
 * soft-delete timestamp). Taken from, column for column:
 *
 * - new-api v0.6.0: Calcium-Ion/new-api (now QuantumNous/new-api), tag v0.6.0, model/user.go,
 *   token.go, channel.go, ability.go, log.go, option.go, redemption.go, topup.go, midjourney.go,
 *   task.go, usedata.go (v0.6.3.1.1, the last tag there, has the same columns but channels.param_override).
 * - new-api 2026: QuantumNous/new-api main, the same files as in the reference's §6.2 (discord_id,
 *   remark, stripe_customer, auth_version, channel_info, settings, per-node quota_data…); users as
 *   model/user.go has them at commit 0089a12 (with invite_rebate_eligible).
 * - one-api v0.6.10: songquanpeng/one-api, tag v0.6.10, model/user.go, token.go, channel.go,
 *   ability.go, log.go, option.go, redemption.go (no top-ups, drawings, tasks or dashboard tables).
 */
export type SourceSchema = Record<string, string[]>;

const options = ['key varchar(255) pk', 'value text'];
const abilities = (groupSize: number) => [
  `group varchar(${groupSize}) key`,
  'model varchar(255) key',
  'channel_id int key',
  'enabled bool',
  'priority bigint',
];

export const NEW_API_V0_6_0: SourceSchema = {
  users: [
    'id id',
    'username varchar(191) unique',
    'password text notnull',
    'display_name varchar(191)',
    'role int',
    'status int',
    'email varchar(191)',
    'github_id varchar(191)',
    'oidc_id varchar(191)',
    'wechat_id varchar(191)',
    'telegram_id varchar(191)',
    'access_token char(32) unique',
    'quota int',
    'used_quota int',
    'request_count int',
    'group varchar(64)',
    'aff_code varchar(32) unique',
    'aff_count int',
    'aff_quota int',
    'aff_history int',
    'inviter_id int',
    'deleted_at datetime',
    'linux_do_id varchar(191)',
    'setting text',
  ],
  tokens: [
    'id id',
    'user_id int',
    'key char(48) unique',
    'status int',
    'name varchar(191)',
    'created_time bigint',
    'accessed_time bigint',
    'expired_time bigint',
    'remain_quota int',
    'unlimited_quota bool',
    'model_limits_enabled bool',
    'model_limits varchar(1024)',
    'allow_ips varchar(191)',
    'used_quota int',
    'group varchar(191)',
    'deleted_at datetime',
  ],
  channels: [
    'id id',
    'type int',
    'key text notnull',
    'openai_organization text',
    'test_model text',
    'status int',
    'name varchar(191)',
    'weight int',
    'created_time bigint',
    'test_time bigint',
    'response_time int',
    'base_url varchar(191)',
    'other text',
    'balance float',
    'balance_updated_time bigint',
    'models text',
    'group varchar(64)',
    'used_quota bigint',
    'model_mapping text',
    'status_code_mapping varchar(1024)',
    'priority bigint',
    'auto_ban int',
    'other_info text',
    'tag varchar(191)',
    'setting text',
  ],
  abilities: [...abilities(64), 'weight int', 'tag varchar(191)'],
  options,
  redemptions: [
    'id id',
    'user_id int',
    'key char(32) unique',
    'status int',
    'name varchar(191)',
    'quota int',
    'created_time bigint',
    'redeemed_time bigint',
    'used_user_id int',
    'deleted_at datetime',
  ],
  logs: [
    'id id',
    'user_id int',
    'created_at bigint',
    'type int',
    'content text',
    'username varchar(191)',
    'token_name varchar(191)',
    'model_name varchar(191)',
    'quota int',
    'prompt_tokens int',
    'completion_tokens int',
    'use_time int',
    'is_stream bool',
    'channel_id int',
    'token_id int',
    'group varchar(191)',
    'other text',
  ],
  midjourneys: [
    'id id',
    'code int',
    'user_id int',
    'action varchar(40)',
    'mj_id varchar(191)',
    'prompt text',
    'prompt_en text',
    'description text',
    'state text',
    'submit_time bigint',
    'start_time bigint',
    'finish_time bigint',
    'image_url text',
    'status varchar(20)',
    'progress varchar(30)',
    'fail_reason text',
    'channel_id int',
    'quota int',
    'buttons text',
    'properties text',
  ],
  top_ups: [
    'id id',
    'user_id int',
    'amount bigint',
    'money float',
    'trade_no text',
    'create_time bigint',
    'status text',
  ],
  quota_data: [
    'id id',
    'user_id int',
    'username varchar(64)',
    'model_name varchar(64)',
    'created_at bigint',
    'token_used int',
    'count int',
    'quota int',
  ],
  tasks: [
    'id id',
    'created_at bigint',
    'updated_at bigint',
    'task_id varchar(50)',
    'platform varchar(30)',
    'user_id int',
    'channel_id int',
    'quota int',
    'action varchar(40)',
    'status varchar(20)',
    'fail_reason text',
    'submit_time bigint',
    'start_time bigint',
    'finish_time bigint',
    'progress varchar(20)',
    'properties json',
    'data json',
  ],
  setups: ['id id', 'version varchar(50)', 'initialized_at bigint'],
};

const withColumns = (table: string[], ...more: string[]) => [...table, ...more];

export const NEW_API_2026: SourceSchema = {
  ...NEW_API_V0_6_0,
  users: withColumns(
    NEW_API_V0_6_0.users!,
    'discord_id varchar(191)',
    'remark varchar(255)',
    'stripe_customer varchar(64)',
    'created_at bigint',
    'last_login_at bigint',
    'auth_version bigint',
    'invite_rebate_eligible bool',
  ),
  tokens: withColumns(NEW_API_V0_6_0.tokens!, 'cross_group_retry bool', 'auto_groups text'),
  channels: withColumns(
    NEW_API_V0_6_0.channels!,
    'param_override text',
    'header_override text',
    'remark varchar(255)',
    'channel_info json',
    'settings text',
  ),
  redemptions: withColumns(NEW_API_V0_6_0.redemptions!, 'expired_time bigint'),
  logs: withColumns(
    NEW_API_V0_6_0.logs!,
    'ip varchar(191)',
    'request_id varchar(64)',
    'upstream_request_id varchar(128)',
  ),
  midjourneys: withColumns(
    NEW_API_V0_6_0.midjourneys!,
    'video_url text',
    'video_urls text',
    'token_id int',
    'billing_channel_id int',
  ),
  top_ups: withColumns(
    NEW_API_V0_6_0.top_ups!,
    'payment_method varchar(50)',
    'payment_provider varchar(50)',
    'complete_time bigint',
  ),
  quota_data: withColumns(
    NEW_API_V0_6_0.quota_data!,
    'use_group varchar(64)',
    'token_id int',
    'channel_id int',
    'node_name varchar(64)',
  ),
  tasks: withColumns(NEW_API_V0_6_0.tasks!, 'group varchar(50)', 'private_data json'),
};

export const ONE_API_V0_6_10: SourceSchema = {
  users: [
    'id id',
    'username varchar(191) unique',
    'password text notnull',
    'display_name varchar(191)',
    'role int',
    'status int',
    'email varchar(191)',
    'github_id varchar(191)',
    'wechat_id varchar(191)',
    'lark_id varchar(191)',
    'oidc_id varchar(191)',
    'access_token char(32) unique',
    'quota bigint',
    'used_quota bigint',
    'request_count int',
    'group varchar(32)',
    'aff_code varchar(32) unique',
    'inviter_id int',
  ],
  tokens: [
    'id id',
    'user_id int',
    'key char(48) unique',
    'status int',
    'name varchar(191)',
    'created_time bigint',
    'accessed_time bigint',
    'expired_time bigint',
    'remain_quota bigint',
    'unlimited_quota bool',
    'used_quota bigint',
    'models text',
    'subnet varchar(191)',
  ],
  channels: [
    'id id',
    'type int',
    'key text',
    'status int',
    'name varchar(191)',
    'weight int',
    'created_time bigint',
    'test_time bigint',
    'response_time int',
    'base_url varchar(191)',
    'other text',
    'balance float',
    'balance_updated_time bigint',
    'models text',
    'group varchar(32)',
    'used_quota bigint',
    'model_mapping varchar(1024)',
    'priority bigint',
    'config text',
    'system_prompt text',
  ],
  abilities: abilities(32),
  options,
  redemptions: [
    'id id',
    'user_id int',
    'key char(32) unique',
    'status int',
    'name varchar(191)',
    'quota bigint',
    'created_time bigint',
    'redeemed_time bigint',
  ],
  logs: [
    'id id',
    'user_id int',
    'created_at bigint',
    'type int',
    'content text',
    'username varchar(191)',
    'token_name varchar(191)',
    'model_name varchar(191)',
    'quota int',
    'prompt_tokens int',
    'completion_tokens int',
    'channel_id int',
    'request_id varchar(191)',
    'elapsed_time bigint',
    'is_stream bool',
    'system_prompt_reset bool',
  ],
};

function columnType(type: string, kind: TestDbKind): string {
  const [base = ''] = type.split(' ');
  if (base === 'id') {
    return kind === 'sqlite'
      ? 'integer primary key autoincrement'
      : kind === 'postgres'
        ? 'bigserial primary key'
        : 'bigint auto_increment primary key';
  }
  const engine: Record<string, Record<TestDbKind, string>> = {
    int: { sqlite: 'integer', postgres: 'bigint', mysql: 'bigint' },
    bigint: { sqlite: 'integer', postgres: 'bigint', mysql: 'bigint' },
    bool: { sqlite: 'numeric', postgres: 'boolean', mysql: 'boolean' },
    float: { sqlite: 'real', postgres: 'decimal', mysql: 'double' },
    text: { sqlite: 'text', postgres: 'text', mysql: 'longtext' },
    json: { sqlite: 'JSON', postgres: 'json', mysql: 'json' },
    datetime: { sqlite: 'datetime', postgres: 'timestamptz', mysql: 'datetime(3)' },
  };
  return engine[base]?.[kind] ?? base;
}

const quote = (name: string, kind: TestDbKind) => (kind === 'mysql' ? `\`${name}\`` : `"${name}"`);

/** Creates every table of `schema` in an empty database, as GORM's AutoMigrate would. */
export async function createSourceTables(
  db: Kysely<unknown>,
  kind: TestDbKind,
  schema: SourceSchema,
): Promise<void> {
  for (const [table, columns] of Object.entries(schema)) {
    const keys: string[] = [];
    const lines = columns.map((column) => {
      const [name = '', ...rest] = column.split(' ');
      const flags = rest.slice(1);
      if (flags.includes('key') || flags.includes('pk')) keys.push(quote(name, kind));
      const unique = flags.includes('unique') ? ' unique' : '';
      const notNull = flags.includes('notnull') ? ' not null' : '';
      return `${quote(name, kind)} ${columnType(rest.join(' '), kind)}${unique}${notNull}`;
    });
    if (keys.length > 0) lines.push(`primary key (${keys.join(', ')})`);
    await sql.raw(`create table ${quote(table, kind)} (${lines.join(', ')})`).execute(db);
  }
}
