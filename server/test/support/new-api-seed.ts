import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import type { SourceSchema } from './new-api-schemas.ts';
import { fillActivity, HOUR } from './new-api-seed-activity.ts';
import type { TestDbKind } from './test-database.ts';

/** What a test needs to know about the rows `fillSource` wrote. */
export interface SourceFacts {
  rootPassword: string;
  alice: {
    id: number;
    username: string;
    password: string;
    quota: number;
    usedQuota: number;
    key: string;
    tokenId: number;
  };
  redemptionKey: string;
  redemptionQuota: number;
  logCount: number;
  /** The channel that serves alice's key: multi-key, at the mock upstream. */
  channelId: number;
  upstreamKeys: string[];
}

/**
 * Realistic rows for a source built from `schema`: every row is written with the columns the
 * schema's table has (the newest and one-api's names side by side), the rest left out.
 */
export async function fillSource(
  db: Kysely<unknown>,
  kind: TestDbKind,
  schema: SourceSchema,
  options: { upstreamUrl: string; logs?: number },
): Promise<SourceFacts> {
  const flag = (value: boolean) => (kind === 'postgres' ? value : value ? 1 : 0);
  const when = (iso: string) =>
    kind === 'sqlite' ? iso.replace('T', ' ').replace('Z', '+00:00') : new Date(iso);
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    const columns = new Set(schema[table]!.map((column) => column.split(' ')[0]));
    const kept = rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([name]) => columns.has(name))),
    );
    for (let i = 0; i < kept.length; i += 200) {
      await (db as Kysely<Record<string, object>>)
        .insertInto(table)
        .values(kept.slice(i, i + 200))
        .execute();
    }
  };
  const facts: SourceFacts = {
    rootPassword: 'old-root-password',
    alice: {
      id: 2,
      username: 'alice',
      password: 'alice-old-password',
      quota: 123_456_789,
      usedQuota: 98_765,
      key: 'AliceKey0123456789abcdefghijklmnopqrstuvwxyzABCD',
      tokenId: 3,
    },
    redemptionKey: 'RedeemMe0123456789abcdefABCDEF01',
    redemptionQuota: 250_000,
    logCount: options.logs ?? 3000,
    channelId: 4,
    upstreamKeys: ['sk-upstream-one', 'sk-upstream-two'],
  };
  const hash = (password: string) => bcrypt.hashSync(password, 4);
  const { alice } = facts;
  await insert('users', [
    {
      id: 1,
      username: 'root',
      password: hash(facts.rootPassword),
      display_name: 'Root User',
      role: 100,
      status: 1,
      quota: 100_000_000,
      group: 'default',
      aff_code: 'rootAf',
      access_token: 'RootAccessToken0123456789abcdefX',
      setting: '',
    },
    {
      id: alice.id,
      username: alice.username,
      password: hash(alice.password),
      display_name: 'Alice',
      role: 1,
      status: 1,
      email: 'alice@example.com',
      github_id: 'gh-alice',
      oidc_id: 'oidc-alice',
      wechat_id: 'wx-alice',
      telegram_id: 'tg-alice',
      linux_do_id: 'ld-alice',
      discord_id: 'dc-alice',
      lark_id: 'lark-alice',
      access_token: 'AliceAccessToken0123456789abcdef',
      quota: alice.quota,
      used_quota: alice.usedQuota,
      request_count: 4321,
      group: 'vip',
      aff_code: 'aliceA',
      aff_count: 3,
      aff_quota: 1500,
      aff_history: 7000,
      inviter_id: 1,
      setting: '{"notify_type":"email","quota_warning_threshold":500000}',
      remark: 'moved',
      created_at: HOUR - 86_400,
      last_login_at: HOUR,
      stripe_customer: 'cus_1',
      auth_version: 3,
    },
    {
      id: 5,
      username: 'bob',
      password: hash('bob-password'),
      role: 1,
      status: 2,
      quota: 7,
      aff_code: 'bobAff',
      deleted_at: when('2025-03-04T05:06:07.123Z'),
    },
    // Signed up through GitHub: new-api stores no password for it.
    {
      id: 7,
      username: 'github_7',
      password: '',
      role: 1,
      status: 1,
      github_id: 'gh-only',
      aff_code: 'ghAff7',
    },
  ]);
  await insert('tokens', [
    {
      id: alice.tokenId,
      user_id: alice.id,
      key: alice.key,
      status: 1,
      name: 'alice-main',
      created_time: HOUR,
      accessed_time: HOUR,
      expired_time: -1,
      remain_quota: 5_000_000,
      unlimited_quota: flag(false),
      model_limits_enabled: flag(true),
      model_limits: 'gpt-4o-mini,gpt-4o',
      models: 'gpt-4o-mini,gpt-4o',
      allow_ips: '',
      subnet: '',
      used_quota: 1234,
      group: '',
      cross_group_retry: flag(false),
    },
    {
      id: 7,
      user_id: 1,
      key: 'RootKey00123456789abcdefghijklmnopqrstuvwxyzABCD',
      status: 1,
      name: 'root',
      expired_time: -1,
      remain_quota: 0,
      unlimited_quota: flag(true),
      model_limits_enabled: flag(false),
      used_quota: 0,
    },
    {
      id: 9,
      user_id: alice.id,
      key: 'GoneKey00123456789abcdefghijklmnopqrstuvwxyzABCD',
      status: 1,
      name: 'deleted',
      expired_time: -1,
      remain_quota: 1,
      unlimited_quota: flag(false),
      model_limits_enabled: flag(false),
      deleted_at: when('2025-05-06T07:08:09.000Z'),
    },
  ]);
  const channel = (row: Record<string, unknown>) => ({
    status: 1,
    weight: 0,
    created_time: HOUR,
    test_time: 0,
    response_time: 0,
    balance: 0,
    balance_updated_time: 0,
    used_quota: 0,
    priority: 0,
    auto_ban: 1,
    other: '',
    other_info: '',
    config: '{}',
    ...row,
  });
  await insert('channels', [
    channel({
      id: facts.channelId,
      type: 1,
      key: facts.upstreamKeys.join('\n'),
      name: 'openai-pool',
      base_url: options.upstreamUrl,
      models: 'gpt-4o-mini,gpt-4o',
      group: 'default,vip',
      priority: 10,
      weight: 5,
      tag: 'main',
      used_quota: 777_777,
      model_mapping: '{"gpt-4o":"gpt-4o-mini"}',
      status_code_mapping: '{"429":"503"}',
      balance: 12.5,
      setting: '{"force_format":false}',
      system_prompt: 'Be brief.',
      param_override: '{"temperature":0.2}',
      header_override: '{"X-Team":"a"}',
      remark: 'imported',
      settings: '{"allow_service_tier":false}',
      channel_info:
        '{"is_multi_key":true,"multi_key_size":2,"multi_key_status_list":{},"multi_key_polling_index":0,"multi_key_mode":"polling"}',
      config: '{"api_version":""}',
    }),
    channel({
      id: 6,
      type: 14,
      key: 'sk-ant-x',
      name: 'claude-off',
      models: 'claude-3-5-sonnet',
      group: 'default',
      status: 3,
      other_info: '{"status_reason":"insufficient quota","status_time":1767225600}',
    }),
    channel({ id: 8, type: 11, key: 'palm-key', name: 'palm', models: 'chat-bison-001', group: 'default' }),
    channel({ id: 10, type: 1000, key: 'x', name: 'no-such-type', models: 'x', group: 'default' }),
  ]);
  await insert('abilities', [
    {
      group: 'default',
      model: 'gpt-4o-mini',
      channel_id: facts.channelId,
      enabled: flag(true),
      priority: 10,
      weight: 5,
      tag: 'main',
    },
  ]);
  await insert('options', [
    { key: 'SystemName', value: 'Old Gateway' },
    { key: 'QuotaForNewUser', value: '1000' },
    { key: 'RegisterEnabled', value: 'true' },
    { key: 'RetryTimes', value: 'many' },
    { key: 'SomeFutureSetting', value: 'x' },
  ]);
  await insert('redemptions', [
    {
      id: 1,
      user_id: 1,
      key: facts.redemptionKey,
      status: 1,
      name: 'gift',
      quota: facts.redemptionQuota,
      created_time: HOUR,
      redeemed_time: 0,
      used_user_id: 0,
      expired_time: 0,
    },
    {
      id: 2,
      user_id: 1,
      key: 'UsedCode0123456789abcdefABCDEF01',
      status: 3,
      name: 'used',
      quota: 1000,
      created_time: HOUR,
      redeemed_time: HOUR,
      used_user_id: alice.id,
      expired_time: 0,
    },
  ]);
  await fillActivity(insert, schema, facts, flag);
  return facts;
}
