import type { Migration } from 'kysely/migration';
import type { DialectName } from '../dialect.ts';
import { columnTypes, index, withId, type AnyDb } from './helpers.ts';
import { createLogsTable } from './logs-table.ts';

export function initialSchema(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      const { text, str, exact } = columnTypes(dialect);

      await withId(db.schema.createTable('users'), dialect)
        .addColumn('username', exact(64), (c) => c.notNull().unique())
        .addColumn('password', str(255), (c) => c.notNull())
        .addColumn('display_name', str(64), (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('email', str(255), (c) => c.notNull().defaultTo(''))
        .addColumn('github_id', str(128), (c) => c.notNull().defaultTo(''))
        .addColumn('discord_id', str(128), (c) => c.notNull().defaultTo(''))
        .addColumn('oidc_id', str(128), (c) => c.notNull().defaultTo(''))
        .addColumn('wechat_id', str(128), (c) => c.notNull().defaultTo(''))
        .addColumn('telegram_id', str(128), (c) => c.notNull().defaultTo(''))
        .addColumn('linux_do_id', str(128), (c) => c.notNull().defaultTo(''))
        .addColumn('access_token', exact(64), (c) => c.unique())
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('group', str(64), (c) => c.notNull().defaultTo('default'))
        .addColumn('aff_code', exact(32), (c) => c.unique())
        .addColumn('aff_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('aff_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('aff_history', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('inviter_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('setting', text)
        .addColumn('remark', str(255), (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('last_login_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('deleted_at', 'bigint')
        .execute();
      for (const column of [
        'display_name',
        'email',
        'github_id',
        'wechat_id',
        'telegram_id',
        'linux_do_id',
      ]) {
        await index(db, 'users', [column]);
      }
      await index(db, 'users', ['group']);
      await index(db, 'users', ['inviter_id']);
      await index(db, 'users', ['deleted_at']);

      await withId(db.schema.createTable('tokens'), dialect)
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('key', exact(128), (c) => c.notNull().unique())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('name', str(255), (c) => c.notNull().defaultTo(''))
        .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('accessed_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(-1))
        .addColumn('remain_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('unlimited_quota', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('model_limits_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('model_limits', text)
        .addColumn('allow_ips', text)
        .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('group', str(64), (c) => c.notNull().defaultTo(''))
        .addColumn('cross_group_retry', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('deleted_at', 'bigint')
        .execute();
      await index(db, 'tokens', ['user_id', 'id']);
      await index(db, 'tokens', ['name']);

      await withId(db.schema.createTable('channels'), dialect)
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('key', text, (c) => c.notNull())
        .addColumn('openai_organization', str(255))
        .addColumn('test_model', str(255))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('name', str(255), (c) => c.notNull().defaultTo(''))
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('test_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('response_time', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('base_url', str(512))
        .addColumn('other', text)
        .addColumn('balance', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('balance_updated_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('models', text)
        .addColumn('group', str(512), (c) => c.notNull().defaultTo('default'))
        .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('model_mapping', text)
        .addColumn('status_code_mapping', str(1024))
        .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('auto_ban', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('other_info', text)
        .addColumn('tag', str(255))
        .addColumn('setting', text)
        .addColumn('param_override', text)
        .addColumn('header_override', text)
        .addColumn('remark', str(255))
        .addColumn('channel_info', text)
        .addColumn('settings', text)
        .addColumn('max_input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await index(db, 'channels', ['name']);
      await index(db, 'channels', ['tag']);
      await index(db, 'channels', ['status']);

      await db.schema
        .createTable('abilities')
        .addColumn('group', str(64), (c) => c.notNull())
        .addColumn('model', str(255), (c) => c.notNull())
        .addColumn('channel_id', 'bigint', (c) => c.notNull())
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tag', str(255))
        .addPrimaryKeyConstraint('abilities_pk', ['group', 'model', 'channel_id'])
        .execute();
      for (const column of ['channel_id', 'priority', 'weight', 'tag'])
        await index(db, 'abilities', [column]);

      await createLogsTable(db, dialect);

      await db.schema
        .createTable('options')
        .addColumn('key', str(255), (c) => c.primaryKey())
        .addColumn('value', text)
        .execute();

      await withId(db.schema.createTable('redemptions'), dialect)
        .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('key', exact(32), (c) => c.notNull().unique())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('name', str(255), (c) => c.notNull().defaultTo(''))
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(100))
        .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('redeemed_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('used_user_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('deleted_at', 'bigint')
        .execute();
      await index(db, 'redemptions', ['name']);

      await withId(db.schema.createTable('midjourneys'), dialect)
        .addColumn('code', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('action', str(40), (c) => c.notNull().defaultTo(''))
        .addColumn('mj_id', str(191), (c) => c.notNull().defaultTo(''))
        .addColumn('prompt', text)
        .addColumn('prompt_en', text)
        .addColumn('description', text)
        .addColumn('state', text)
        .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('image_url', text)
        .addColumn('video_url', text)
        .addColumn('video_urls', text)
        .addColumn('status', str(20), (c) => c.notNull().defaultTo(''))
        .addColumn('progress', str(30), (c) => c.notNull().defaultTo(''))
        .addColumn('fail_reason', text)
        .addColumn('channel_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('buttons', text)
        .addColumn('properties', text)
        .addColumn('token_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const column of ['user_id', 'action', 'mj_id', 'submit_time', 'status', 'channel_id']) {
        await index(db, 'midjourneys', [column]);
      }

      await withId(db.schema.createTable('tasks'), dialect)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('task_id', str(191), (c) => c.notNull().defaultTo(''))
        .addColumn('platform', str(30), (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('group', str(64), (c) => c.notNull().defaultTo(''))
        .addColumn('channel_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('action', str(40), (c) => c.notNull().defaultTo(''))
        .addColumn('status', str(20), (c) => c.notNull().defaultTo(''))
        .addColumn('fail_reason', text)
        .addColumn('submit_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('progress', str(20), (c) => c.notNull().defaultTo(''))
        .addColumn('properties', text)
        .addColumn('private_data', text)
        .addColumn('data', text)
        .execute();
      for (const column of [
        'created_at',
        'task_id',
        'platform',
        'user_id',
        'channel_id',
        'status',
        'submit_time',
      ]) {
        await index(db, 'tasks', [column]);
      }

      await withId(db.schema.createTable('quota_data'), dialect)
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('username', exact(64), (c) => c.notNull().defaultTo(''))
        .addColumn('model_name', str(255), (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('token_used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await index(db, 'quota_data', ['user_id']);
      await index(db, 'quota_data', ['created_at']);
      await index(db, 'quota_data', ['model_name', 'username']);

      await withId(db.schema.createTable('top_ups'), dialect)
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('money', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('trade_no', str(255), (c) => c.notNull().unique())
        .addColumn('payment_method', str(50), (c) => c.notNull().defaultTo(''))
        .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('complete_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('status', str(32), (c) => c.notNull().defaultTo('pending'))
        .execute();
      await index(db, 'top_ups', ['user_id']);

      await withId(db.schema.createTable('setups'), dialect)
        .addColumn('version', str(50), (c) => c.notNull())
        .addColumn('initialized_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', exact(64), (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await index(db, 'sessions', ['user_id']);
      await index(db, 'sessions', ['expires_at']);
    },
  };
}
