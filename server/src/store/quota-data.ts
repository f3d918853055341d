import type { QuotaDataItem } from '@relaygate/contract';
import { sql } from 'kysely';
import type { Db, Store } from './db.ts';

/** What one process adds to the dashboard row of (user, model, hour) at a flush. */
export interface QuotaDataDelta {
  userId: number;
  username: string;
  modelName: string;
  /** Start of the hour, in unix seconds. */
  hour: number;
  count: number;
  quota: number;
  tokens: number;
}

/** Rows per statement: small enough for every dialect's limit on bound parameters. */
const CHUNK = 500;

const byKey = (a: QuotaDataDelta, b: QuotaDataDelta) =>
  a.userId - b.userId ||
  a.hour - b.hour ||
  (a.modelName < b.modelName ? -1 : a.modelName > b.modelName ? 1 : 0);

/**
 * Adds each delta to its (user, model, hour) row, creating the row when it is the first, in one
 * transaction: an atomic upsert-add, so processes flushing the same rows at once never lose or
 * double a count, and a failed flush changes nothing (its deltas can be tried again). Rows are
 * written in key order, so two flushes lock them in the same order and never deadlock.
 */
export async function addQuotaData(store: Store, deltas: QuotaDataDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  const rows = [...deltas].sort(byKey).map((d) => ({
    user_id: d.userId,
    username: d.username,
    model_name: d.modelName,
    created_at: d.hour,
    count: d.count,
    quota: d.quota,
    token_used: d.tokens,
  }));
  await store.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += CHUNK) {
      const insert = trx.insertInto('quota_data').values(rows.slice(start, start + CHUNK));
      if (store.dialect === 'mysql') {
        await insert
          .onDuplicateKeyUpdate({
            username: sql`values(username)`,
            count: sql`count + values(count)`,
            quota: sql`quota + values(quota)`,
            token_used: sql`token_used + values(token_used)`,
          })
          .execute();
      } else {
        await insert
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'model_name', 'created_at']).doUpdateSet((eb) => ({
              username: eb.ref('excluded.username'),
              count: eb('quota_data.count', '+', eb.ref('excluded.count')),
              quota: eb('quota_data.quota', '+', eb.ref('excluded.quota')),
              token_used: eb('quota_data.token_used', '+', eb.ref('excluded.token_used')),
            })),
          )
          .execute();
      }
    }
  });
}

export interface QuotaDataFilter {
  /** Only this user's rows (the self endpoint). */
  userId?: number;
  /** Only this username's rows (an admin's filter). */
  username?: string;
  /** Unix seconds; the hour holding it is included. */
  startTimestamp?: number;
  /** Unix seconds, inclusive. */
  endTimestamp?: number;
}

/**
 * The dashboard's rows in a time range, oldest first: one user's (by id or username) per model and
 * hour, or, with neither, everyone's summed per model and hour (as new-api answers an admin).
 */
export async function listQuotaData(db: Db, filter: QuotaDataFilter): Promise<QuotaDataItem[]> {
  const perUser = filter.userId !== undefined || filter.username !== undefined;
  let query = db
    .selectFrom('quota_data')
    .select([
      perUser ? sql<number>`min(user_id)`.as('user_id') : sql<number>`0`.as('user_id'),
      perUser ? sql<string>`min(username)`.as('username') : sql<string>`''`.as('username'),
      'model_name',
      'created_at',
      sql<number>`sum(count)`.as('count'),
      sql<number>`sum(quota)`.as('quota'),
      sql<number>`sum(token_used)`.as('token_used'),
    ])
    .groupBy(['model_name', 'created_at'])
    .orderBy('created_at')
    .orderBy('model_name');
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.username !== undefined) query = query.where('username', '=', filter.username);
  if (filter.startTimestamp)
    query = query.where('created_at', '>=', filter.startTimestamp - (filter.startTimestamp % 3600));
  if (filter.endTimestamp) query = query.where('created_at', '<=', filter.endTimestamp);
  const rows = await query.execute();
  // Sums come back as strings from PostgreSQL and MySQL (bigint / decimal).
  return rows.map((row) => ({
    ...row,
    user_id: Number(row.user_id),
    created_at: Number(row.created_at),
    count: Number(row.count),
    quota: Number(row.quota),
    token_used: Number(row.token_used),
  }));
}
