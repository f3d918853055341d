export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** A DSN naming a SQLite file (LOG_SQL_DSN only: SQL_DSN's SQLite is the empty DSN and SQLITE_PATH). */
const SQLITE_PREFIX = 'sqlite:';

/** The file of a `sqlite:<path>` DSN; undefined for any other. */
export const sqliteFileOf = (dsn: string): string | undefined =>
  dsn.startsWith(SQLITE_PREFIX) ? dsn.slice(SQLITE_PREFIX.length) : undefined;

export function dialectOf(sqlDsn: string): DialectName {
  if (sqlDsn === '' || sqliteFileOf(sqlDsn) !== undefined) return 'sqlite';
  if (sqlDsn.startsWith('postgres://') || sqlDsn.startsWith('postgresql://')) return 'postgres';
  return 'mysql';
}

/** SQLite and MySQL hand booleans back as 0/1, PostgreSQL as true/false. */
export const fromDbBool = (value: unknown): boolean => value === true || value === 1 || value === '1';
export const toDbBool = (value: boolean): number => (value ? 1 : 0);

/** Whether an error is a unique-constraint violation, in any of the three drivers. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errno?: number } | null;
  if (!e) return false;
  return (
    e.code === '23505' || // PostgreSQL
    e.code === 'ER_DUP_ENTRY' ||
    e.errno === 1062 || // MySQL / MariaDB
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
