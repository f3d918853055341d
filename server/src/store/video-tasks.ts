import type { Selectable, Updateable } from 'kysely';
import type { Db } from './db.ts';
import type { TasksTable } from './schema.ts';
import { FINISHED_STATUSES } from './task-money.ts';

/**
 * The queries of the video tasks (rows of new-api's `tasks` table whose platform is a video
 * channel type, "1" for OpenAI's Sora, "50" for Kling): found by their public id (task_id), only
 * ever the caller's own; unfinished ones for the poller.
 */
export type TaskRow = Selectable<TasksTable>;

/** A user's task of one of these platforms by its public id (another user's, or an unknown id, is undefined). */
export function findOwnTask(
  db: Db,
  userId: number,
  platforms: readonly string[],
  taskId: string,
): Promise<TaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('task_id', '=', taskId)
    .where('platform', 'in', [...platforms])
    .executeTakeFirst();
}

/**
 * A page of a user's tasks of these platforms, newest first (or oldest, `ascending`), after the
 * row id `afterId` in that order; one more than `limit` is read, to tell whether more follow.
 */
export function listOwnTasks(
  db: Db,
  userId: number,
  platforms: readonly string[],
  page: { limit: number; afterId?: number; ascending: boolean },
): Promise<TaskRow[]> {
  let query = db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('platform', 'in', [...platforms]);
  if (page.afterId !== undefined) query = query.where('id', page.ascending ? '>' : '<', page.afterId);
  return query
    .orderBy('id', page.ascending ? 'asc' : 'desc')
    .limit(page.limit + 1)
    .execute();
}

/** Tasks of these platforms not finished yet, oldest first, at most `limit`. */
export function unfinishedTasks(db: Db, platforms: readonly string[], limit: number): Promise<TaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', 'in', [...platforms])
    .where('status', 'not in', [...FINISHED_STATUSES])
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Writes what a poll learned about a task still unfinished (not its end: failure and success go
 * through store/task-money.ts and store/task-completion.ts). A row finished meanwhile is left alone.
 */
export async function updateUnfinishedTask(
  db: Db,
  id: number,
  update: Updateable<TasksTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set(update)
    .where('id', '=', id)
    .where('status', 'not in', [...FINISHED_STATUSES])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
