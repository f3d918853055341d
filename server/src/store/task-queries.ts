import type { Selectable } from 'kysely';
import type { Db } from './db.ts';
import type { MidjourneysTable, TasksTable } from './schema.ts';

/** The filters of the drawing and task lists; times in the table's own unit (ms for drawings). */
export interface TaskFilter {
  userId?: number;
  channelId?: number;
  /** mj_id or task_id, exactly. */
  externalId?: string;
  startTime?: number;
  endTime?: number;
}

export interface TaskPage<Row> {
  total: number;
  items: Row[];
}

/**
 * One page of `midjourneys` or `tasks` (the same filter columns, but for the upstream id's name),
 * newest submission first, and the total.
 */
async function listTable<Row>(
  db: Db,
  table: 'midjourneys' | 'tasks',
  idColumn: 'mj_id' | 'task_id',
  filter: TaskFilter,
  page: { offset: number; limit: number },
): Promise<TaskPage<Row>> {
  // The two tables share these columns; Kysely cannot type a query over either, so it is built on one.
  let base = db.selectFrom(table as 'tasks');
  if (filter.userId !== undefined) base = base.where('user_id', '=', filter.userId);
  if (filter.channelId) base = base.where('channel_id', '=', filter.channelId);
  if (filter.externalId) base = base.where(idColumn as 'task_id', '=', filter.externalId);
  if (filter.startTime) base = base.where('submit_time', '>=', filter.startTime);
  if (filter.endTime) base = base.where('submit_time', '<=', filter.endTime);
  const [count, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('submit_time', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count.n), items: items as Row[] };
}

export const listMidjourneys = (db: Db, filter: TaskFilter, page: { offset: number; limit: number }) =>
  listTable<Selectable<MidjourneysTable>>(db, 'midjourneys', 'mj_id', filter, page);

export const listTasks = (db: Db, filter: TaskFilter, page: { offset: number; limit: number }) =>
  listTable<Selectable<TasksTable>>(db, 'tasks', 'task_id', filter, page);
