import type { Insertable } from 'kysely';
import { openStore, type Store } from '../../server/src/store/db.ts';
import { insertReturningId } from '../../server/src/store/insert.ts';
import type { MidjourneysTable, TasksTable } from '../../server/src/store/schema.ts';
import { gatewayDbPath } from './constants.ts';

/**
 * The e2e gateway's own SQLite database (WAL with a busy timeout, so it is shared safely with the
 * running gateway), for rows the console only reads and no relay writes yet, and to clear a test's own.
 */
async function withGatewayDb<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const store = openStore({ sqlDsn: '', sqlitePath: gatewayDbPath() });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

export const insertDrawings = (rows: Insertable<MidjourneysTable>[]) =>
  withGatewayDb(async (store) => {
    for (const row of rows) await insertReturningId(store, 'midjourneys', row);
  });

export const insertTasks = (rows: Insertable<TasksTable>[]) =>
  withGatewayDb(async (store) => {
    for (const row of rows) await insertReturningId(store, 'tasks', row);
  });

/** Removes a test's own drawings and tasks, so no later spec lists rows whose mock upstream is gone. */
export const deleteTaskRows = (rows: { mjIds: string[]; taskIds: string[] }) =>
  withGatewayDb(async (store) => {
    if (rows.mjIds.length > 0)
      await store.db.deleteFrom('midjourneys').where('mj_id', 'in', rows.mjIds).execute();
    if (rows.taskIds.length > 0)
      await store.db.deleteFrom('tasks').where('task_id', 'in', rows.taskIds).execute();
  });
