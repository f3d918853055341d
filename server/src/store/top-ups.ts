import { TopUpStatus } from '@relaygate/contract';
import type { Selectable } from 'kysely';
import type { Db } from './db.ts';
import { containsText } from './like.ts';
import type { TopUpsTable } from './schema.ts';

export type TopUpRow = Selectable<TopUpsTable>;

/** Records a new order waiting for its payment. */
export async function insertPendingTopUp(
  db: Db,
  order: { userId: number; amount: number; money: number; tradeNo: string; method: string; now: number },
): Promise<void> {
  await db
    .insertInto('top_ups')
    .values({
      user_id: order.userId,
      amount: order.amount,
      money: order.money,
      trade_no: order.tradeNo,
      payment_method: order.method,
      create_time: order.now,
      status: TopUpStatus.Pending,
    })
    .execute();
}

export async function findTopUp(db: Db, tradeNo: string): Promise<TopUpRow | undefined> {
  return db.selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
}

/** A page of orders, newest first: one user's (userId) or everyone's; `keyword` is part of the trade number. */
export async function searchTopUps(
  db: Db,
  search: { userId?: number; keyword?: string; offset: number; limit: number },
): Promise<{ total: number; items: TopUpRow[] }> {
  let query = db.selectFrom('top_ups');
  if (search.userId !== undefined) query = query.where('user_id', '=', search.userId);
  if (search.keyword?.trim()) query = query.where(containsText('trade_no', search.keyword.trim()));
  const [count, items] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('id', 'desc').limit(search.limit).offset(search.offset).execute(),
  ]);
  return { total: Number(count.n), items };
}
