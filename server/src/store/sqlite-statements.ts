import type SQLite from 'better-sqlite3';

/**
 * Prepares a set of statements once per SQLite database and hands the same set back after: on the
 * hot paths (reserving, settling) compiling a statement each time costs more than running it.
 */
export function preparedOnce<T>(prepare: (db: SQLite.Database) => T): (db: SQLite.Database) => T {
  const cache = new WeakMap<SQLite.Database, T>();
  return (db) => {
    let statements = cache.get(db);
    if (statements === undefined) cache.set(db, (statements = prepare(db)));
    return statements;
  };
}
