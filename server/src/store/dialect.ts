export type DialectName = 'sqlite' | 'postgres' | 'mysql';

export function dialectOf(sqlDsn: string): DialectName {
  if (sqlDsn === '') return 'sqlite';
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
