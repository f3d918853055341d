import type { Selectable, Updateable } from 'kysely';
import type { Db } from './db.ts';
import type { MidjourneysTable } from './schema.ts';
import { FINISHED_STATUSES } from './task-money.ts';

export type MidjourneyRow = Selectable<MidjourneysTable>;

/** A user's drawing by its upstream id (another user's, or an unknown id, is undefined). */
export function findOwnMidjourney(db: Db, userId: number, mjId: string): Promise<MidjourneyRow | undefined> {
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mj_id', '=', mjId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** A user's drawings among these upstream ids (at most 100 asked at once). */
export function findOwnMidjourneys(db: Db, userId: number, mjIds: string[]): Promise<MidjourneyRow[]> {
  if (mjIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mj_id', 'in', mjIds.slice(0, 100))
    .orderBy('id', 'desc')
    .execute();
}

/** A drawing by its upstream id alone (the image proxy: its address is the credential). */
export function findMidjourneyByMjId(db: Db, mjId: string): Promise<MidjourneyRow | undefined> {
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('mj_id', '=', mjId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Drawings not finished yet, oldest first, at most `limit`. */
export function unfinishedMidjourneys(db: Db, limit: number): Promise<MidjourneyRow[]> {
  return db
    .selectFrom('midjourneys')
    .selectAll()
    .where('status', 'not in', [...FINISHED_STATUSES])
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Writes what a poll learned about a drawing still unfinished (not its failure: that goes through
 * failTaskWithRefund). A row finished meanwhile, by another node or a refund, is left alone.
 */
export async function updateUnfinishedMidjourney(
  db: Db,
  id: number,
  update: Updateable<MidjourneysTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('midjourneys')
    .set(update)
    .where('id', '=', id)
    .where('status', 'not in', [...FINISHED_STATUSES])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
