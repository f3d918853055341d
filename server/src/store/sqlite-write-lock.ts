/**
 * SQLite's write lock taken without SQLite's busy wait. That wait sleeps the thread, and a
 * sleeping thread is the whole process: with several workers on one file, a worker whose
 * reservation met the other's settlement stood still for milliseconds, every call in it with it
 * (measured with two workers: 6 to 11 % of each worker's time). Here a taken lock is tried again
 * after 1, 2, 4… up to 16 ms with the event loop free, and fails with SQLite's own error after the
 * busy timeout, as before.
 */
import SQLite from 'better-sqlite3';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Store } from './db.ts';
import { preparedOnce } from './sqlite-statements.ts';

/** How long a write waits for another process's write lock before failing (SQLite's busy timeout). */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/** The longest pause between two tries of a lock another process holds. */
const MAX_PAUSE_MS = 16;

const statementsFor = preparedOnce((db: SQLite.Database) => ({
  begin: db.prepare('BEGIN IMMEDIATE'),
  commit: db.prepare('COMMIT'),
  rollback: db.prepare('ROLLBACK'),
}));

const isBusy = (error: unknown) => (error as { code?: unknown }).code === 'SQLITE_BUSY';

/**
 * BEGIN IMMEDIATE without waiting: throws SQLITE_BUSY at once when another process holds the lock.
 * The busy timeout is set by `exec`, not by a statement prepared once: SQLite applies a PRAGMA's
 * setting when the statement is compiled, and running a compiled one again may set nothing.
 */
function beginNow(db: SQLite.Database): void {
  db.exec('PRAGMA busy_timeout = 0');
  try {
    statementsFor(db).begin.run();
  } finally {
    db.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  }
}

/** Takes the write lock if no other process holds it; false if one does. */
function beginIfFree(db: SQLite.Database): boolean {
  try {
    beginNow(db);
    return true;
  } catch (error) {
    if (isBusy(error)) return false;
    throw error;
  }
}

/**
 * Tries `take` until it succeeds, pausing with the event loop free; fails as SQLite's busy
 * timeout would once that has passed.
 */
async function untilTaken(take: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (let pause = 1; !(await take()); pause = Math.min(2 * pause, MAX_PAUSE_MS)) {
    if (Date.now() >= deadline) throw new SQLite.SqliteError('database is locked', 'SQLITE_BUSY');
    await sleep(pause);
  }
}

/** Takes the write lock (BEGIN IMMEDIATE), waiting with the event loop free while another process holds it. */
export function beginWhenFree(db: SQLite.Database): Promise<void> {
  return untilTaken(() => beginIfFree(db));
}

/** Marks a write that found the lock taken. */
const LOCK_TAKEN = Symbol('sqlite write lock taken');

/**
 * Runs `work` in one write transaction if the lock is free now: its result, or LOCK_TAKEN having
 * done nothing. `work` runs synchronously, so nothing else can use the connection meanwhile.
 */
function writeIfFree<T>(db: SQLite.Database, work: (db: SQLite.Database) => T): T | typeof LOCK_TAKEN {
  if (!beginIfFree(db)) return LOCK_TAKEN;
  try {
    const result = work(db);
    statementsFor(db).commit.run();
    return result;
  } catch (error) {
    if (db.inTransaction) statementsFor(db).rollback.run();
    throw error;
  }
}

/**
 * Runs `work` (synchronous statements, microseconds) in one write transaction of the store's
 * SQLite connection: at once when the lock is free and no transaction of Kysely's is open on the
 * connection (none can begin before it ends); otherwise once Kysely's transaction has ended and no
 * other process holds the lock.
 */
export function writeTransaction<T>(store: Store, work: (db: SQLite.Database) => T): Promise<T> {
  const db = store.sqlite!;
  const tryNow = () => (db.inTransaction ? LOCK_TAKEN : writeIfFree(db, work));
  let result: T | typeof LOCK_TAKEN;
  try {
    result = tryNow();
  } catch (error) {
    return Promise.reject(error as Error);
  }
  if (result !== LOCK_TAKEN) return Promise.resolve(result);
  const take = async () => {
    // A transaction of Kysely's awaits between its statements: wait for its one connection.
    if (db.inTransaction) await store.db.connection().execute(async () => {});
    result = tryNow();
    return result !== LOCK_TAKEN;
  };
  return untilTaken(take).then(() => result as T);
}
