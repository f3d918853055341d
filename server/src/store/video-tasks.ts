import type { Db } from './db.ts';
import type { TaskRow } from './platform-tasks.ts';

export { unfinishedTasks, updateUnfinishedTask, type TaskRow } from './platform-tasks.ts';

/**
 * The queries of the video tasks (rows of new-api's `tasks` table whose platform is a video
 * channel type, "1" for OpenAI's Sora, "50" for Kling): found by their public id (task_id), only
 * ever the caller's own; unfinished ones for the poller.
 */
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
