import type { Selectable, Updateable } from 'kysely';
import type { Db } from './db.ts';
import type { TasksTable } from './schema.ts';
import { FINISHED_STATUSES } from './task-money.ts';

/**
 * The rows of the `tasks` table (music, video and every asynchronous task but drawings) by their
 * platform (new-api's `suno`…) and upstream id, as the relay routes and the poller read them.
 */
export type TaskRow = Selectable<TasksTable>;

/** What new-api keeps of a task that is never shown (tasks.private_data). */
export interface TaskPrivateData {
  /** The key the task was charged to (new-api's token_id). */
  token_id?: number;
}

/** The private data of a row; a row without any, or with what is not JSON, has none. */
export function privateDataOf(row: Pick<TaskRow, 'private_data'>): TaskPrivateData {
  try {
    const value: unknown = JSON.parse(row.private_data ?? '');
    return value && typeof value === 'object' ? (value as TaskPrivateData) : {};
  } catch {
    return {};
  }
}

/** A user's task of a platform by its upstream id (another user's, or an unknown id, is undefined). */
export function findOwnTask(
  db: Db,
  platform: string,
  userId: number,
  taskId: string,
): Promise<TaskRow | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', '=', platform)
    .where('user_id', '=', userId)
    .where('task_id', '=', taskId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** A user's tasks of a platform among these upstream ids (at most 100 asked at once). */
export function findOwnTasks(
  db: Db,
  platform: string,
  userId: number,
  taskIds: string[],
): Promise<TaskRow[]> {
  if (taskIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', '=', platform)
    .where('user_id', '=', userId)
    .where('task_id', 'in', taskIds.slice(0, 100))
    .orderBy('id', 'desc')
    .execute();
}

/** The tasks of a platform (or of any of several) not finished yet, oldest first, at most `limit`. */
export function unfinishedTasks(
  db: Db,
  platform: string | readonly string[],
  limit: number,
): Promise<TaskRow[]> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', 'in', typeof platform === 'string' ? [platform] : [...platform])
    .where('status', 'not in', [...FINISHED_STATUSES])
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Writes what a poll learned about a task still unfinished (not its failure: that goes through
 * failTaskWithRefund). A row finished meanwhile, by another node or a refund, is left alone.
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
