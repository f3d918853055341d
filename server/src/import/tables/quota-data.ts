import { sql } from 'kysely';
import type { TableImport } from '../copy-table.ts';
import { int, text } from '../values.ts';

/**
 * quota_data: one row per (user, model, hour) here, the key the dashboard's roll-up adds into.
 * new-api 2026 splits that hour further (use_group, token_id, channel_id, node_name): those rows
 * are summed into one, kept under the smallest source id, so a second run finds it already there.
 */
export const quotaDataImport: TableImport = {
  table: 'quota_data',
  reads: ['id', 'user_id', 'username', 'model_name', 'created_at', 'token_used', 'count', 'quota'],
  count: async ({ read }) => {
    const keys = read
      .selectFrom('quota_data')
      .select(['user_id', 'model_name', 'created_at'])
      .groupBy(['user_id', 'model_name', 'created_at'])
      .as('k');
    const row = await read
      .selectFrom(keys)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },
  readPage: ({ read }, after, limit) =>
    read
      .selectFrom('quota_data')
      .select([
        'user_id',
        'model_name',
        'created_at',
        sql<number>`min(id)`.as('id'),
        sql<string>`max(username)`.as('username'),
        sql<number>`sum(token_used)`.as('token_used'),
        sql<number>`sum(count)`.as('count'),
        sql<number>`sum(quota)`.as('quota'),
      ])
      .groupBy(['user_id', 'model_name', 'created_at'])
      .having(sql`min(id)`, '>', after)
      .orderBy(sql`min(id)`)
      .limit(limit)
      .execute(),
  map: (row) => ({
    id: int(row.id),
    user_id: int(row.user_id),
    username: text(row.username),
    model_name: text(row.model_name),
    created_at: int(row.created_at),
    token_used: int(row.token_used),
    count: int(row.count),
    quota: int(row.quota),
  }),
};
