/**
 * The one writer of log rows (consumption, error, top-up, manage and system rows): every row the
 * gateway logs goes through here, inside the caller's transaction when one is given, so that a
 * row that records money commits with the money. When the logs live in a database of their own
 * (LOG_SQL_DSN), the rows go to the main database's log_outbox instead, still in the caller's
 * transaction, and the log mover hands them to insertMovedLogs (see log-outbox.ts).
 */
import { randomUUID } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { Insertable } from 'kysely';
import type { Db, Store } from './db.ts';
import { fromDbBool, toDbBool } from './dialect.ts';
import type { LogOutboxTable, LogsTable } from './schema.ts';
import { preparedOnce } from './sqlite-statements.ts';
import { nowSeconds } from './users.ts';

export type NewLog = Omit<Insertable<LogsTable>, 'created_at'> & { created_at?: number };

/** A few hundred rows per statement keeps every dialect under its parameter limit. */
const ROWS_PER_STATEMENT = 200;

/** A row as the outbox keeps it: the log row and the key the log database knows it by. */
export type OutboxRow = Insertable<LogOutboxTable>;

/**
 * Writes log rows, with `db` the caller's transaction when the rows belong to one: into `logs`, or
 * into log_outbox when the logs live apart. Without a transaction, the log mover is told at once.
 */
export async function writeLogs(store: Store, rows: readonly NewLog[], db: Db = store.db): Promise<void> {
  if (rows.length === 0) return;
  const now = nowSeconds();
  const apart = store.logs.apart;
  const values = rows.map((row) =>
    apart ? { created_at: now, ...row, row_key: randomUUID() } : { created_at: now, ...row },
  );
  for (let start = 0; start < values.length; start += ROWS_PER_STATEMENT) {
    const part = values.slice(start, start + ROWS_PER_STATEMENT);
    if (apart)
      await db
        .insertInto('log_outbox')
        .values(part as OutboxRow[])
        .execute();
    else await db.insertInto('logs').values(part).execute();
  }
  if (apart && db === store.db) store.logs.onQueued();
}

/** The log database's side of a move: outbox rows as log rows, in the mover's transaction there. */
export async function insertMovedLogs(db: Db, rows: readonly OutboxRow[]): Promise<void> {
  // Booleans as 0/1, which every dialect takes (SQLite binds no booleans; PostgreSQL hands them back).
  const values = rows.map(({ row_key: _key, id: _id, ...row }) => ({
    ...row,
    is_stream: toDbBool(fromDbBool(row.is_stream)),
  }));
  for (let start = 0; start < values.length; start += ROWS_PER_STATEMENT) {
    await db
      .insertInto('logs')
      .values(values.slice(start, start + ROWS_PER_STATEMENT))
      .execute();
  }
}

/** Writes one log row (see writeLogs). */
export function writeLog(store: Store, row: NewLog, db: Db = store.db): Promise<void> {
  return writeLogs(store, [row], db);
}

const LOG_COLUMNS = [
  'user_id',
  'created_at',
  'type',
  'content',
  'username',
  'token_name',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'use_time',
  'is_stream',
  'channel_id',
  'token_id',
  'group',
  'ip',
  'request_id',
  'upstream_request_id',
  'other',
] as const;

const TEXT_COLUMNS = new Set([
  'username',
  'token_name',
  'model_name',
  'group',
  'ip',
  'request_id',
  'upstream_request_id',
]);

/** The column defaults of the logs table, for fields a row leaves out. */
function defaultFor(column: (typeof LOG_COLUMNS)[number]): string | number | null {
  if (column === 'content' || column === 'other') return null;
  return TEXT_COLUMNS.has(column) ? '' : 0;
}

/**
 * Rows per prepared SQLite insert: one statement for many rows costs far less per row than a
 * statement run per row (measured: about 9 µs a row down to about 5 with every log index).
 */
const SQLITE_ROWS_PER_INSERT = 50;

/**
 * `INSERT OR FAIL`: a failing row stops the statement without undoing the rows before it, so
 * SQLite writes no statement journal (a temporary file) for a multi-row insert; the caller's
 * transaction undoes the whole batch on any error.
 */
const insertInto = (table: string, columns: readonly string[], rows: number) => {
  const row = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT OR FAIL INTO ${table} (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${Array(rows).fill(row).join(', ')}`;
};

interface Inserts {
  one: SQLite.Statement;
  many: SQLite.Statement;
}
const insertsInto = (table: string, columns: readonly string[]) => (db: SQLite.Database) => ({
  one: db.prepare(insertInto(table, columns, 1)),
  many: db.prepare(insertInto(table, columns, SQLITE_ROWS_PER_INSERT)),
});

// Each prepared on first use only: a database holds the table it writes to, not always the other.
const logsInserts = preparedOnce(insertsInto('logs', LOG_COLUMNS));
const outboxInserts = preparedOnce(insertsInto('log_outbox', [...LOG_COLUMNS, 'row_key']));

/** A row's values in LOG_COLUMNS order (the outbox adds its key), with the table's defaults. */
function logValues(row: NewLog, now: number, apart: boolean): unknown[] {
  const values: unknown[] = [];
  for (const column of LOG_COLUMNS) {
    const value = column === 'created_at' ? (row.created_at ?? now) : row[column];
    values.push(value === undefined ? defaultFor(column) : value);
  }
  if (apart) values.push(randomUUID());
  return values;
}

/**
 * writeLogs for the SQLite settlement, with the inserts prepared once per database: the caller
 * holds the connection and its open transaction (see settle-batch.ts).
 */
export function writeLogsPrepared(store: Store, sqlite: SQLite.Database, rows: readonly NewLog[]): void {
  const apart = store.logs.apart;
  const { one, many }: Inserts = apart ? outboxInserts(sqlite) : logsInserts(sqlite);
  const now = nowSeconds();
  let at = 0;
  for (; at + SQLITE_ROWS_PER_INSERT <= rows.length; at += SQLITE_ROWS_PER_INSERT) {
    many.run(rows.slice(at, at + SQLITE_ROWS_PER_INSERT).flatMap((row) => logValues(row, now, apart)));
  }
  for (; at < rows.length; at++) one.run(logValues(rows[at]!, now, apart));
}
