import { RedemptionStatus } from '@relaygate/contract';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, Store } from './db.ts';
import { isUniqueViolation } from './dialect.ts';
import { insertReturningId } from './insert.ts';
import { containsText } from './like.ts';
import type { RedemptionsTable } from './schema.ts';

export type RedemptionRow = Selectable<RedemptionsTable>;
export type NewRedemption = Omit<Insertable<RedemptionsTable>, 'key'>;

/** Tries with fresh keys this many times before a key collision is reported as an error. */
const KEY_ATTEMPTS = 5;

const live = (db: Db) => db.selectFrom('redemptions').where('deleted_at', 'is', null);

export async function findRedemption(db: Db, id: number): Promise<RedemptionRow | undefined> {
  return live(db).selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of codes, newest first; `keyword` is part of the name, or the exact id when it is a number. */
export async function searchRedemptions(
  db: Db,
  search: { keyword?: string; offset: number; limit: number },
): Promise<{ total: number; items: RedemptionRow[] }> {
  let query = live(db);
  const keyword = search.keyword?.trim();
  if (keyword) {
    query = query.where((eb) =>
      /^\d{1,15}$/.test(keyword)
        ? eb.or([eb('id', '=', Number(keyword)), containsText('name', keyword)])
        : containsText('name', keyword),
    );
  }
  const [count, items] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('id', 'desc').limit(search.limit).offset(search.offset).execute(),
  ]);
  return { total: Number(count.n), items };
}

/** Inserts the codes in one transaction, each with a fresh key; a key collision retries the batch. */
export async function insertRedemptions(
  store: Store,
  rows: NewRedemption[],
  newKey: () => string,
): Promise<RedemptionRow[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const ids = await store.db.transaction().execute(async (trx) => {
        const created: number[] = [];
        for (const row of rows)
          created.push(await insertReturningId(store, 'redemptions', { ...row, key: newKey() }, trx));
        return created;
      });
      return await live(store.db).selectAll().where('id', 'in', ids).orderBy('id').execute();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= KEY_ATTEMPTS) throw error;
    }
  }
}

/** Changes a code that is still unused; answers whether it was (a used code is never edited). */
export async function updateUnusedRedemption(
  db: Db,
  id: number,
  columns: Updateable<RedemptionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set(columns)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where('status', '!=', RedemptionStatus.Used)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRedemption(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('redemptions')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes every used, disabled or expired code; answers how many. */
export async function deleteInvalidRedemptions(db: Db, now: number): Promise<number> {
  const result = await db
    .updateTable('redemptions')
    .set({ deleted_at: now })
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', 'in', [RedemptionStatus.Used, RedemptionStatus.Disabled]),
        eb.and([eb('expired_time', '!=', 0), eb('expired_time', '<=', now)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
