import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// Migrations see the database as it was when they were written, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const KEY = ['user_id', 'model_name', 'created_at'] as const;

/**
 * The dashboard's roll-up adds each process's counts to the row of (user, model, hour) with one
 * atomic upsert, so that row must be unique. A database imported from new-api may hold several
 * rows for one key (it wrote one per node); they are merged into the oldest first.
 */
export function quotaDataKey(): Migration {
  return {
    async up(db: AnyDb) {
      const duplicates = await db
        .selectFrom('quota_data')
        .select([
          ...KEY,
          sql<number>`min(id)`.as('keep'),
          sql<number>`sum(count)`.as('count'),
          sql<number>`sum(quota)`.as('quota'),
          sql<number>`sum(token_used)`.as('token_used'),
        ])
        .groupBy([...KEY])
        .having(sql`count(*)`, '>', 1)
        .execute();
      for (const row of duplicates) {
        const sameKey = db
          .deleteFrom('quota_data')
          .where('user_id', '=', row.user_id)
          .where('model_name', '=', row.model_name)
          .where('created_at', '=', row.created_at);
        await sameKey.where('id', '<>', row.keep).execute();
        await db
          .updateTable('quota_data')
          .set({ count: row.count, quota: row.quota, token_used: row.token_used })
          .where('id', '=', row.keep)
          .execute();
      }
      await db.schema
        .createIndex('uk_quota_data_user_model_hour')
        .on('quota_data')
        .columns([...KEY])
        .unique()
        .execute();
    },
  };
}
